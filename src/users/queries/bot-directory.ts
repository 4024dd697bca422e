import { Injectable } from '@nestjs/common';
import { botServicesWire, BotWire, presentBot } from '../api/bot.presenter';
import { BotDefaults, BotRepository, BotService } from '../persistence/bot.repository';
import { UserRow } from '../public/user-row';
import { UserRepository } from '../persistence/user.repository';

/**
 * Bots in Zulip's `Bot` shape, with their default channels, services and configuration,
 * and who administers them: the read side of bot accounts for the modules that change or
 * serve them (`admin`, `bots`, `webhooks`, `events`). Their writes go through
 * `BotServiceWriter`.
 */
@Injectable()
export class BotDirectory {
  constructor(
    private readonly bots: BotRepository,
    private readonly users: UserRepository,
  ) {}

  async present(bots: readonly UserRow[], ownerKey: 'always' | 'when-set'): Promise<BotWire[]> {
    const ids = bots.map((bot) => bot.id);
    const [defaults, services, configs] = await Promise.all([
      this.bots.defaults(ids),
      this.bots.services(ids),
      this.bots.configs(ids),
    ]);
    return bots.map((bot) =>
      presentBot(bot, defaults.get(bot.id), botServicesWire(bot.botType, services.get(bot.id) ?? null, configs.get(bot.id)), { ownerKey }),
    );
  }

  async presentOne(botId: number, ownerKey: 'always' | 'when-set'): Promise<BotWire> {
    const bot = await this.users.findById(botId);
    if (!bot) throw new Error(`bot ${botId} vanished`);
    const [wire] = await this.present([bot], ownerKey);
    return wire;
  }

  /**
   * `realm_bots`: the bots a user administers (Zulip's `get_owned_bot_dicts`): every bot
   * of the realm for an administrator, else the bots they own; deactivated ones included.
   */
  async administeredBy(user: { id: number; realmId: number; isAdmin: boolean }, excludeIds: readonly number[]): Promise<BotWire[]> {
    const bots = await this.users.findByIds(user.realmId, await this.bots.administeredIds(user, excludeIds));
    return this.present(bots, 'always');
  }

  /**
   * Zulip's `bot_owner_user_ids`: who administers a bot and so receives `realm_bot` events
   * (the bot's owner; its realm's administrators unless a default channel is private).
   */
  audience(bot: { id: number; realmId: number; botOwnerId: number | null }): Promise<number[]> {
    return this.bots.audience(bot);
  }

  /** The realm's active bots the user owns, in the order they joined (`GET /bots`). */
  activeOwnedIdsByJoining(realmId: number, ownerId: number): Promise<number[]> {
    return this.bots.activeOwnedIdsByJoining(realmId, ownerId);
  }

  /** Active bots a user owns (deactivated with their owner). */
  activeBotIdsOwnedBy(ownerId: number): Promise<number[]> {
    return this.bots.activeBotIdsOwnedBy(ownerId);
  }

  /** An outgoing-webhook or embedded bot's service; null for other bots. */
  service(botId: number): Promise<BotService | null> {
    return this.bots.service(botId);
  }

  /** The bots' default channels, by name and privacy. */
  defaults(botIds: readonly number[]): Promise<Map<number, BotDefaults>> {
    return this.bots.defaults(botIds);
  }

  /** The bots' configuration (`config_data`), by bot; bots without any are absent. */
  configs(botIds: readonly number[]): Promise<Map<number, Record<string, string>>> {
    return this.bots.configs(botIds);
  }
}
