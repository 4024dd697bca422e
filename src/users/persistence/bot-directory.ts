import { Injectable } from '@nestjs/common';
import { botServicesWire, BotWire, presentBot } from '../api/bot.presenter';
import { BotRepository } from './bot.repository';
import { UserRow } from './user-row';
import { UserRepository } from './user.repository';
import { Database } from '../../platform/database/database';

/** Bots in Zulip's `Bot` shape, with their default channels, services and configuration. */
@Injectable()
export class BotDirectory {
  constructor(
    private readonly bots: BotRepository,
    private readonly users: UserRepository,
    private readonly database: Database,
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
    const rows = await this.database.query<{ id: number }>(
      `SELECT id FROM user_profile
        WHERE realm_id = $1 AND is_bot AND ($2::boolean OR bot_owner_id = $3) AND NOT (id = ANY($4::int[]))
        ORDER BY id`,
      [user.realmId, user.isAdmin, user.id, excludeIds],
    );
    const bots = await this.users.findByIds(user.realmId, rows.map((row) => row.id));
    return this.present(bots, 'always');
  }
}
