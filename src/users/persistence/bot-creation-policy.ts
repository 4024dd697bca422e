import { Injectable } from '@nestjs/common';
import { REALM_GROUP_SETTINGS } from '../../groups/domain/permission-settings';
import { hasGroupPermission } from '../../groups/domain/user-group-rules';
import { GroupRepository } from '../../groups/persistence/group.repository';
import { RealmGroupSettingsRepository } from '../../groups/persistence/realm-group-settings.repository';
import { checkCanCreateBot } from '../domain/bot-rules';
import { Database } from '../../platform/database/database';

/** The realm's `can_create_bots_group` and `can_create_write_only_bots_group`, for one user. */
@Injectable()
export class BotCreationPolicy {
  constructor(
    private readonly groups: GroupRepository,
    private readonly realmSettings: RealmGroupSettingsRepository,
    private readonly database: Database,
  ) {}

  /** Zulip's `check_can_create_bot` (creating, and reactivating, a bot of this type). */
  async check(actor: { id: number; role: number; realmId: number }, botType: number): Promise<void> {
    const groupIds = await this.groups.recursiveGroupIdsOf(actor.id);
    const settings = await this.realmSettings.all(actor.realmId);
    const allowed = (name: 'can_create_bots_group' | 'can_create_write_only_bots_group') =>
      hasGroupPermission({ id: actor.id, role: actor.role, groupIds }, settings.get(name) as number, REALM_GROUP_SETTINGS[name]);
    checkCanCreateBot(botType, allowed('can_create_bots_group'), allowed('can_create_write_only_bots_group'));
  }
}
