import { Injectable } from '@nestjs/common';
import { ApiError } from '../../shared/api-error';
import { BotOwnerChange } from '../../users/commands/bot-owner-change';
import { Role } from '../../shared/roles';
import { ApiKeyRenewal } from './api-key-renewal';
import { Database } from '../../platform/database/database';

/**
 * A bot's owner is never a guest (docs/api.md, "Users, bots and realm settings"): when a person who owns bots
 * becomes a guest, every bot they own, active or deactivated, passes to the administrator
 * who demoted them, with the events an owner change sends (Zulip keeps the guest as owner;
 * docs/zulip-differences.md, "Where this server differs from Zulip on purpose"). Each bot also gets a new API
 * key, since the guest may still hold the old one and the bot's access is wider than theirs.
 */
@Injectable()
export class DemotedOwnerBots {
  constructor(
    private readonly owners: BotOwnerChange,
    private readonly keys: ApiKeyRenewal,
    private readonly database: Database,
  ) {}

  async handOver(actor: { id: number; realmId: number }, demoted: { id: number; realmId: number }): Promise<void> {
    // Locked so that a concurrent `PATCH /bots/{id}` cannot give one back to the guest.
    const owned = await this.database.query<{ id: number }>(
      `SELECT id FROM user_profile WHERE bot_owner_id = $1 AND is_bot ORDER BY id FOR UPDATE`,
      [demoted.id],
    );
    if (owned.length === 0) return;
    const heir = await this.heir(actor, demoted);
    for (const { id } of owned) {
      const bot = { id, realmId: demoted.realmId };
      await this.owners.apply(bot, heir, demoted.id);
      await this.keys.renew({ ...bot, isBot: true, botOwnerId: heir.id });
    }
  }

  /**
   * The acting administrator; when they demoted themselves, or act for the CLI in a realm
   * without an owner, the realm's longest-standing other active human owner, else administrator.
   */
  private async heir(actor: { id: number; realmId: number }, demoted: { id: number }): Promise<{ id: number; role: number }> {
    const [row] = await this.database.query<{ id: number; role: number }>(
      `SELECT id, role FROM user_profile
        WHERE realm_id = $1 AND is_active AND NOT is_bot AND role <= $2 AND id <> $3
        ORDER BY (id = $4) DESC, role, id LIMIT 1`,
      [actor.realmId, Role.Administrator, demoted.id, actor.id],
    );
    if (!row) throw ApiError.badRequest('This user owns bots, and the organization has no other administrator to take them.');
    return row;
  }
}
