import { Injectable } from '@nestjs/common';
import { Role } from '../../shared/roles';
import { Database } from '../../platform/database/database';
import { UserChannelRelations } from '../public/channels.port';

/** An outgoing-webhook or embedded bot's service row. */
export interface BotService {
  name: string;
  baseUrl: string;
  token: string;
  interface: number;
}

/** The channels a bot's defaults name, by name and privacy (`realm_bot` shows names). */
export interface BotDefaults {
  sendingStream: { name: string; inviteOnly: boolean } | null;
  eventsRegisterStream: { name: string; inviteOnly: boolean } | null;
}

/** Services, configuration and audiences of bots. */
@Injectable()
export class BotRepository {
  constructor(
    private readonly database: Database,
    private readonly channels: UserChannelRelations,
  ) {}

  /**
   * How many active bots `ownerId` owns, with the owner's row locked for the transaction,
   * so that two creations at once count each other.
   */
  async lockAndCountActiveBotsOf(ownerId: number): Promise<number> {
    await this.database.query(`SELECT 1 FROM user_profile WHERE id = $1 FOR UPDATE`, [ownerId]);
    const [row] = await this.database.query<{ n: string }>(
      `SELECT count(*) AS n FROM user_profile WHERE bot_owner_id = $1 AND is_bot AND is_active`,
      [ownerId],
    );
    return Number(row.n);
  }

  async addService(botId: number, service: BotService): Promise<void> {
    await this.database.query(`INSERT INTO service (user_profile_id, name, base_url, token, interface) VALUES ($1, $2, $3, $4, $5)`, [
      botId, service.name, service.baseUrl, service.token, service.interface,
    ]);
  }

  /** A bot has at most one service (Zulip's current rule). */
  async service(botId: number): Promise<BotService | null> {
    const services = await this.services([botId]);
    return services.get(botId) ?? null;
  }

  async services(botIds: readonly number[]): Promise<Map<number, BotService>> {
    const result = new Map<number, BotService>();
    if (botIds.length === 0) return result;
    const rows = await this.database.query<{ user_profile_id: number; name: string; base_url: string; token: string; interface: number }>(
      `SELECT DISTINCT ON (user_profile_id) user_profile_id, name, base_url, token, interface
         FROM service WHERE user_profile_id = ANY($1::int[]) ORDER BY user_profile_id, id`,
      [botIds],
    );
    for (const row of rows) {
      result.set(row.user_profile_id, { name: row.name, baseUrl: row.base_url, token: row.token, interface: row.interface });
    }
    return result;
  }

  async updateService(botId: number, baseUrl: string, serviceInterface: number): Promise<BotService | null> {
    // TypeORM answers an UPDATE with a count as well as rows: read the service back instead.
    await this.database.query(
      `UPDATE service SET base_url = $2, interface = $3 WHERE id = (SELECT min(id) FROM service WHERE user_profile_id = $1)`,
      [botId, baseUrl, serviceInterface],
    );
    return this.service(botId);
  }

  async setConfig(botId: number, config: Record<string, string>): Promise<void> {
    for (const [key, value] of Object.entries(config)) {
      await this.database.query(
        `INSERT INTO bot_config_data (bot_profile_id, key, value) VALUES ($1, $2, $3)
         ON CONFLICT (bot_profile_id, key) DO UPDATE SET value = EXCLUDED.value`,
        [botId, key, value],
      );
    }
  }

  async configs(botIds: readonly number[]): Promise<Map<number, Record<string, string>>> {
    const result = new Map<number, Record<string, string>>();
    if (botIds.length === 0) return result;
    const rows = await this.database.query<{ bot_profile_id: number; key: string; value: string }>(
      `SELECT bot_profile_id, key, value FROM bot_config_data WHERE bot_profile_id = ANY($1::int[]) ORDER BY id`,
      [botIds],
    );
    for (const row of rows) {
      const config = result.get(row.bot_profile_id) ?? {};
      config[row.key] = row.value;
      result.set(row.bot_profile_id, config);
    }
    return result;
  }

  async defaults(botIds: readonly number[]): Promise<Map<number, BotDefaults>> {
    const result = new Map<number, BotDefaults>();
    if (botIds.length === 0) return result;
    const rows = await this.database.query<{
      id: number; sending: string | null; sending_private: boolean | null; events: string | null; events_private: boolean | null;
    }>(
      `SELECT u.id, s.name AS sending, s.invite_only AS sending_private, e.name AS events, e.invite_only AS events_private
         FROM user_profile u
         LEFT JOIN ${this.channels.streamRelation('s')} ON s.id = u.default_sending_stream_id
         LEFT JOIN ${this.channels.streamRelation('e')} ON e.id = u.default_events_register_stream_id
        WHERE u.id = ANY($1::int[])`,
      [botIds],
    );
    for (const row of rows) {
      result.set(row.id, {
        sendingStream: row.sending === null ? null : { name: row.sending, inviteOnly: row.sending_private === true },
        eventsRegisterStream: row.events === null ? null : { name: row.events, inviteOnly: row.events_private === true },
      });
    }
    return result;
  }

  /**
   * Zulip's `bot_owner_user_ids`: who administers a bot and so receives `realm_bot` events.
   * A bot whose default channels include a private one is shown only to its owner;
   * otherwise the realm's active human administrators see it too.
   */
  async audience(bot: { id: number; realmId: number; botOwnerId: number | null }): Promise<number[]> {
    const defaults = (await this.defaults([bot.id])).get(bot.id);
    const isPrivate = defaults?.sendingStream?.inviteOnly === true || defaults?.eventsRegisterStream?.inviteOnly === true;
    const ids = new Set<number>();
    if (!isPrivate) {
      const admins = await this.database.query<{ id: number }>(
        `SELECT id FROM user_profile WHERE realm_id = $1 AND is_active AND NOT is_bot AND role <= $2`,
        [bot.realmId, Role.Administrator],
      );
      for (const admin of admins) ids.add(admin.id);
    }
    if (bot.botOwnerId !== null) ids.add(bot.botOwnerId);
    return [...ids].sort((a, b) => a - b);
  }

  /** Active bots a user owns (deactivated with their owner). */
  async activeBotIdsOwnedBy(ownerId: number): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT id FROM user_profile WHERE bot_owner_id = $1 AND is_bot AND is_active ORDER BY id`,
      [ownerId],
    );
    return rows.map((row) => row.id);
  }

  /** Bots of the realm the user administers (every one for an administrator), `excludeIds` aside, by id. */
  async administeredIds(user: { id: number; realmId: number; isAdmin: boolean }, excludeIds: readonly number[]): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT id FROM user_profile
        WHERE realm_id = $1 AND is_bot AND ($2::boolean OR bot_owner_id = $3) AND NOT (id = ANY($4::int[]))
        ORDER BY id`,
      [user.realmId, user.isAdmin, user.id, excludeIds],
    );
    return rows.map((row) => row.id);
  }

  /** The realm's active bots the user owns, in the order they joined. */
  async activeOwnedIdsByJoining(realmId: number, ownerId: number): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT id FROM user_profile WHERE realm_id = $1 AND bot_owner_id = $2 AND is_bot AND is_active ORDER BY date_joined, id`,
      [realmId, ownerId],
    );
    return rows.map((row) => row.id);
  }
}
