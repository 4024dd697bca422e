import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';

/** The `email_unsubscribe_token` table: Zulip's Confirmation.UNSUBSCRIBE keys. */
@Injectable()
export class UnsubscribeTokenStore {
  constructor(private readonly database: Database) {}

  /** In the caller's transaction. */
  async insert(token: string, userId: number, kind: string): Promise<void> {
    await this.database.transaction.query(`INSERT INTO email_unsubscribe_token (token, user_profile_id, kind) VALUES ($1, $2, $3)`, [token, userId, kind]);
  }

  /** The user a link of this kind names, or null. */
  async userOf(token: string, kind: string): Promise<number | null> {
    const [row] = await this.database.query<{ user_profile_id: number }>(
      `SELECT user_profile_id FROM email_unsubscribe_token WHERE token = $1 AND kind = $2`,
      [token, kind],
    );
    return row ? row.user_profile_id : null;
  }
}
