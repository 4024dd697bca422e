import { Injectable } from '@nestjs/common';
import { BotDefaults, BotRepository, BotService } from '../persistence/bot.repository';
import { UserRow } from '../public/user-row';
import { UserRepository } from '../persistence/user.repository';

/** A bot with what its administrators see of it: default channels, service and configuration. */
export interface BotProfile {
  bot: UserRow;
  defaults: BotDefaults | undefined;
  service: BotService | null;
  config: Record<string, string> | undefined;
}

/**
 * Bots with their default channels, services and configuration,
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

  async profiles(bots: readonly UserRow[]): Promise<BotProfile[]> {
    const ids = bots.map((bot) => bot.id);
    const [defaults, services, configs] = await Promise.all([
      this.bots.defaults(ids),
      this.bots.services(ids),
      this.bots.configs(ids),
    ]);
    return bots.map((bot) => ({ bot, defaults: defaults.get(bot.id), service: services.get(bot.id) ?? null, config: configs.get(bot.id) }));
  }

  async profile(botId: number): Promise<BotProfile> {
    const bot = await this.users.findById(botId);
    if (!bot) throw new Error(`bot ${botId} vanished`);
    const [profile] = await this.profiles([bot]);
    return profile;
  }

  /**
   * `realm_bots`: the bots a user administers (Zulip's `get_owned_bot_dicts`): every bot
   * of the realm for an administrator, else the bots they own; deactivated ones included.
   */
  async administeredBy(user: { id: number; realmId: number; isAdmin: boolean }, excludeIds: readonly number[]): Promise<BotProfile[]> {
    const bots = await this.users.findByIds(user.realmId, await this.bots.administeredIds(user, excludeIds));
    return this.profiles(bots);
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
