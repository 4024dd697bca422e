import { Injectable } from '@nestjs/common';
import { BotEvent, UserUpdatedEvent } from '../../users/events/user-events';
import { BotDirectory } from '../../users/queries/bot-directory';
import { UserRow } from '../../users/public/user-row';
import { UserAccess } from '../../users/access/user-access';
import { Database } from '../../platform/database/database';

/** Zulip's `do_change_full_name`: whoever can see the user sees the name; a bot's administrators too. */
@Injectable()
export class FullNameChange {
  constructor(
    private readonly access: UserAccess,
    private readonly bots: BotDirectory,
    private readonly database: Database,
  ) {}

  async apply(target: UserRow, fullName: string): Promise<void> {
    await this.database.query(`UPDATE user_profile SET full_name = $2 WHERE id = $1`, [target.id, fullName]);
    this.database.record(new UserUpdatedEvent(target.realmId, await this.access.audienceOf(target), { userId: target.id, fullName }));
    if (target.isBot) {
      const audience = await this.bots.audience(target);
      this.database.record(new BotEvent(target.realmId, audience, 'update', { user_id: target.id, full_name: fullName }));
    }
  }

  /** Zulip's `check_bot_name_available` for a new or renamed bot. */
  async nameInUse(realmId: number, fullName: string): Promise<boolean> {
    const [row] = await this.database.query<{ taken: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM user_profile WHERE realm_id = $1 AND full_name = $2 AND is_active) AS taken`,
      [realmId, fullName.trim()],
    );
    return row.taken;
  }
}
