import { Injectable } from '@nestjs/common';
import { Queryable } from '../../platform/database/unit-of-work';
import { botServicesWire, BotWire, presentBot } from '../api/bot.presenter';
import { BotRepository } from './bot.repository';
import { UserRow } from './user-row';
import { UserRepository } from './user.repository';

/** Bots in Zulip's `Bot` shape, with their default channels, services and configuration. */
@Injectable()
export class BotDirectory {
  constructor(
    private readonly bots: BotRepository,
    private readonly users: UserRepository,
  ) {}

  async present(bots: readonly UserRow[], ownerKey: 'always' | 'when-set', db: Queryable): Promise<BotWire[]> {
    const ids = bots.map((bot) => bot.id);
    const [defaults, services, configs] = await Promise.all([
      this.bots.defaults(ids, db),
      this.bots.services(ids, db),
      this.bots.configs(ids, db),
    ]);
    return bots.map((bot) =>
      presentBot(bot, defaults.get(bot.id), botServicesWire(bot.botType, services.get(bot.id) ?? null, configs.get(bot.id)), { ownerKey }),
    );
  }

  async presentOne(botId: number, ownerKey: 'always' | 'when-set', db: Queryable): Promise<BotWire> {
    const bot = await this.users.findById(botId, db);
    if (!bot) throw new Error(`bot ${botId} vanished`);
    const [wire] = await this.present([bot], ownerKey, db);
    return wire;
  }

  /**
   * `realm_bots`: the bots a user administers (Zulip's `get_owned_bot_dicts`): every bot
   * of the realm for an administrator, else the bots they own; deactivated ones included.
   */
  async administeredBy(user: { id: number; realmId: number; isAdmin: boolean }, excludeIds: readonly number[], db: Queryable): Promise<BotWire[]> {
    const rows = await db.query<{ id: number }>(
      `SELECT id FROM user_profile
        WHERE realm_id = $1 AND is_bot AND ($2::boolean OR bot_owner_id = $3) AND NOT (id = ANY($4::int[]))
        ORDER BY id`,
      [user.realmId, user.isAdmin, user.id, excludeIds],
    );
    const bots = await this.users.findByIds(user.realmId, rows.map((row) => row.id), db);
    return this.present(bots, 'always', db);
  }
}
