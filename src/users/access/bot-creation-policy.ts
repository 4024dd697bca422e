import { Injectable } from '@nestjs/common';
import { REALM_GROUP_SETTINGS } from '../../groups/public/permission-settings';
import { hasGroupPermission } from '../../groups/public/user-group-rules';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { BotSettings } from '../../platform/config/settings';
import { ApiError } from '../../shared/api-error';
import { checkCanCreateBot } from '../public/bot-rules';
import { isAdministrator } from '../../shared/roles';
import { BotRepository } from '../persistence/bot.repository';

/**
 * Who may create (or reactivate) a bot: the realm's `can_create_bots_group` and
 * `can_create_write_only_bots_group`, and `MAX_BOTS_PER_USER` for members (ours: a member
 * with a hundred bots, each with a hundred event queues, was a way around the per-user
 * queue cap; administrators are exempt).
 */
@Injectable()
export class BotCreationPolicy {
  constructor(
    private readonly groups: GroupDirectory,
    private readonly realmSettings: RealmGroupSettingsReader,
    private readonly bots: BotRepository,
    private readonly settings: BotSettings,
  ) {}

  /** Zulip's `check_can_create_bot` (creating, and reactivating, a bot of this type), then the bot count; in the caller's transaction. */
  async check(actor: { id: number; role: number; realmId: number }, botType: number): Promise<void> {
    const groupIds = await this.groups.recursiveGroupIdsOf(actor.id);
    const settings = await this.realmSettings.all(actor.realmId);
    const allowed = (name: 'can_create_bots_group' | 'can_create_write_only_bots_group') =>
      hasGroupPermission({ id: actor.id, role: actor.role, groupIds }, settings.get(name) as number, REALM_GROUP_SETTINGS[name]);
    checkCanCreateBot(botType, allowed('can_create_bots_group'), allowed('can_create_write_only_bots_group'));
    const max = this.settings.maxPerUser;
    if (max > 0 && !isAdministrator(actor.role) && (await this.bots.lockAndCountActiveBotsOf(actor.id)) >= max) {
      throw ApiError.badRequest(`You may own at most ${max} bots.`);
    }
  }
}
