import { Injectable } from '@nestjs/common';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { REALM_GROUP_SETTINGS, USER_GROUP_SETTINGS, UserGroupSetting } from '../public/permission-settings';
import { insufficientPermission } from '../../shared/authorization';
import { GroupActor, hasGroupPermission } from '../public/user-group-rules';
import { GroupRepository } from '../persistence/group.repository';
import { RealmGroupSettingsRepository } from '../persistence/realm-group-settings.repository';
import { NamedGroup, UserGroupStore } from '../persistence/user-group.store';
import { Database } from '../../platform/database/database';

export interface RealmGroupActor extends GroupActor {
  realmId: number;
}

/** Zulip's user-group access functions: load a group of the realm and check the actor. */
@Injectable()
export class UserGroupAccess {
  constructor(
    private readonly store: UserGroupStore,
    private readonly groups: GroupRepository,
    private readonly realmSettings: RealmGroupSettingsRepository,
    private readonly database: Database,
  ) {}

  async actor(user: Actor): Promise<RealmGroupActor> {
    return { id: user.id, realmId: user.realmId, role: user.role, groupIds: await this.groups.recursiveGroupIdsOf(user.id) };
  }

  /** `get_user_group_by_id_in_realm`: named groups of the realm only; locks when writing. */
  async load(realmId: number, groupId: number, options: { lock: boolean; allowDeactivated: boolean }): Promise<NamedGroup> {
    const group = await this.store.find(realmId, groupId, options.lock);
    if (!group) throw ApiError.badRequest('Invalid user group');
    if (!options.allowDeactivated && group.deactivated) throw ApiError.badRequest('User group is deactivated.');
    return group;
  }

  /** `access_user_group_to_read_membership`. */
  forRead(realmId: number, groupId: number): Promise<NamedGroup> {
    return this.load(realmId, groupId, { lock: false, allowDeactivated: false });
  }

  /**
   * `access_user_group_for_update`: system groups never change; whoever may manage all
   * groups or this group may do anything to it; otherwise the named setting decides.
   */
  async forUpdate(
    actor: RealmGroupActor,
    groupId: number,
    setting: UserGroupSetting,
    allowDeactivated = true,
  ): Promise<NamedGroup> {
    const group = await this.load(actor.realmId, groupId, { lock: true, allowDeactivated });
    if (!(await this.may(actor, group, setting))) throw insufficientPermission();
    return group;
  }

  async may(actor: RealmGroupActor, group: NamedGroup, setting: UserGroupSetting): Promise<boolean> {
    if (group.isSystemGroup) return false;
    const manageAll = await this.realmSettings.groupId(actor.realmId, 'can_manage_all_groups');
    if (hasGroupPermission(actor, manageAll, REALM_GROUP_SETTINGS.can_manage_all_groups)) return true;
    if (hasGroupPermission(actor, group.settings.can_manage_group, USER_GROUP_SETTINGS.can_manage_group)) return true;
    return setting !== 'can_manage_group' && hasGroupPermission(actor, group.settings[setting], USER_GROUP_SETTINGS[setting]);
  }
}
