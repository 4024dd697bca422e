import { isRealmAdmin, myRole, ROLES } from './permissions';
import type { ClientState, UserEntry } from './state';

/** Zulip's role names, most powerful first (as its role pickers list them). */
export const ROLE_CHOICES = [
  { value: ROLES.owner, label: 'Owner' },
  { value: ROLES.administrator, label: 'Administrator' },
  { value: ROLES.moderator, label: 'Moderator' },
  { value: ROLES.member, label: 'Member' },
  { value: ROLES.guest, label: 'Guest' },
] as const;

export function roleLabel(role: number): string {
  return ROLE_CHOICES.find((choice) => choice.value === role)?.label ?? 'Member';
}

/**
 * The roles the person may give or take away, as the server rules (Zulip's
 * `update_user_backend`): only owners touch the owner role, administrators the others.
 */
export function assignableRoles(state: ClientState): readonly (typeof ROLE_CHOICES)[number][] {
  if (!isRealmAdmin(state)) return [];
  const owner = myRole(state) <= ROLES.owner;
  return ROLE_CHOICES.filter((choice) => owner || choice.value !== ROLES.owner);
}

/** Whether the person may change `target`'s role at all (an owner's takes an owner). */
export function canChangeRole(state: ClientState, target: UserEntry): boolean {
  return isRealmAdmin(state) && (target.role !== ROLES.owner || myRole(state) <= ROLES.owner);
}

/**
 * Whether the person may deactivate `target` here: an administrator, not themselves (their
 * own account is deactivated from their settings), and an owner only by an owner.
 */
export function canDeactivate(state: ClientState, target: UserEntry): boolean {
  return isRealmAdmin(state) && target.id !== state.session?.userId && (target.role !== ROLES.owner || myRole(state) <= ROLES.owner);
}

/** Roles an invitation may give, as `POST /invites` allows: moderator and administrator take an administrator, owner an owner. */
export function invitableRoles(state: ClientState): readonly (typeof ROLE_CHOICES)[number][] {
  const role = myRole(state);
  return [...ROLE_CHOICES]
    .reverse()
    .filter((choice) => choice.value >= ROLES.member || (choice.value === ROLES.owner ? role <= ROLES.owner : role <= ROLES.administrator));
}

/** The address an administrator sees (the login address where visible), for showing and searching. */
export const shownEmail = (user: UserEntry): string => user.deliveryEmail ?? user.email;

/** Zulip's user list filter: the name or the address contains what was typed, case aside. */
export function matchesSearch(user: UserEntry, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return needle === '' || user.fullName.toLowerCase().includes(needle) || shownEmail(user).toLowerCase().includes(needle);
}
