import { Injectable } from '@nestjs/common';
import { REALM_GROUP_SETTINGS } from '../../groups/public/permission-settings';
import { hasGroupPermission } from '../../groups/public/user-group-rules';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { checkCanCreateBot } from '../public/bot-rules';
import { Database } from '../../platform/database/database';

/** The realm's `can_create_bots_group` and `can_create_write_only_bots_group`, for one user. */
@Injectable()
export class BotCreationPolicy {
  constructor(
    private readonly groups: GroupDirectory,
    private readonly realmSettings: RealmGroupSettingsReader,
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
