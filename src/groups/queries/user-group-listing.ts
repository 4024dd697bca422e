import { Injectable } from '@nestjs/common';
import { GroupSettingValue } from '../public/group-setting';
import { GroupRepository } from '../persistence/group.repository';
import { GroupContents, NamedGroup, USER_GROUP_SETTING_NAMES, UserGroupStore } from '../persistence/user-group.store';

/**
 * Named groups with what a listing shows of them: the groups by id, their members and
 * direct subgroups, and the values of the groups their settings name (by setting group id).
 */
export interface UserGroupListing {
  groups: readonly NamedGroup[];
  contents: ReadonlyMap<number, GroupContents>;
  settingValues: ReadonlyMap<number, GroupSettingValue>;
}

/** Reads what `GET /user_groups`, register and `user_group` add show of named groups. */
@Injectable()
export class UserGroupListings {
  constructor(
    private readonly store: UserGroupStore,
    private readonly groups: GroupRepository,
  ) {}

  async of(groups: readonly NamedGroup[]): Promise<UserGroupListing> {
    if (groups.length === 0) return { groups: [], contents: new Map(), settingValues: new Map() };
    const [contents, settingValues] = await Promise.all([
      this.store.contents(groups.map((group) => group.id)),
      this.groups.settingValues(groups.flatMap((group) => USER_GROUP_SETTING_NAMES.map((name) => group.settings[name]))),
    ]);
    return { groups: [...groups].sort((a, b) => a.id - b.id), contents, settingValues };
  }
}
