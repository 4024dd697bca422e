import { Role } from '../../shared/roles';

/** Zulip's system groups, created with every realm. */
export enum SystemGroup {
  Owners = 'role:owners',
  Administrators = 'role:administrators',
  Moderators = 'role:moderators',
  FullMembers = 'role:fullmembers',
  Members = 'role:members',
  Everyone = 'role:everyone',
  Internet = 'role:internet',
  Nobody = 'role:nobody',
}

export const SYSTEM_GROUP_DESCRIPTIONS: Record<SystemGroup, string> = {
  [SystemGroup.Owners]: 'Owners of this organization',
  [SystemGroup.Administrators]: 'Administrators of this organization, including owners',
  [SystemGroup.Moderators]: 'Moderators of this organization, including administrators',
  [SystemGroup.FullMembers]: 'Members of this organization, not including new accounts and guests',
  [SystemGroup.Members]: 'Everyone except guests',
  [SystemGroup.Everyone]: 'Everyone including guests',
  [SystemGroup.Internet]: 'Everyone on the internet',
  [SystemGroup.Nobody]: 'Nobody',
};

/** Each role group contains the next more privileged one as a subgroup. */
export const SYSTEM_SUBGROUPS: readonly [supergroup: SystemGroup, subgroup: SystemGroup][] = [
  [SystemGroup.Administrators, SystemGroup.Owners],
  [SystemGroup.Moderators, SystemGroup.Administrators],
  [SystemGroup.FullMembers, SystemGroup.Moderators],
  [SystemGroup.Members, SystemGroup.FullMembers],
  [SystemGroup.Everyone, SystemGroup.Members],
  [SystemGroup.Internet, SystemGroup.Everyone],
];

/**
 * Groups a user of a role is a direct member of. Members count as full members at once:
 * the realm's waiting period is zero days, as Zulip's default is.
 */
export function directSystemGroupsForRole(role: number): SystemGroup[] {
  switch (role) {
    case Role.Owner:
      return [SystemGroup.Owners];
    case Role.Administrator:
      return [SystemGroup.Administrators];
    case Role.Moderator:
      return [SystemGroup.Moderators];
    case Role.Member:
      return [SystemGroup.Members, SystemGroup.FullMembers];
    default:
      return [SystemGroup.Everyone];
  }
}
