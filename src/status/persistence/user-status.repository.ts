import { Injectable } from '@nestjs/common';
import { EMPTY_STATUS, StoredStatus } from '../domain/user-status';
import { Database } from '../../platform/database/database';
import { userProfileRelation } from '../../users/public/read-relations';

/** `presence_enabled` as stored among a user's settings (absent: Zulip's default, on). */
const PRESENCE_ENABLED_SQL = `COALESCE((u.settings->>'presence_enabled')::boolean, true)`;

export interface StatusRow {
  userId: number;
  presenceEnabled: boolean;
  status: StoredStatus;
}

function toStatus(row: Record<string, unknown>): StoredStatus {
  return {
    statusText: row.status_text as string,
    emojiName: row.emoji_name as string,
    emojiCode: row.emoji_code as string,
    reactionType: row.reaction_type as string,
  };
}

/** Users' statuses (one row per user who ever set one) and their `presence_enabled`. */
@Injectable()
export class UserStatusRepository {
  constructor(
    private readonly database: Database,
  ) {}

  /** A user's status, or null when they never set one. */
  async find(userId: number): Promise<StatusRow | null> {
    const [row] = await this.database.query<Record<string, unknown>>(
      `SELECT s.*, ${PRESENCE_ENABLED_SQL} AS presence_enabled
         FROM user_status s JOIN ${userProfileRelation('u')} ON u.id = s.user_profile_id
        WHERE s.user_profile_id = $1`,
      [userId],
    );
    return row ? { userId, presenceEnabled: row.presence_enabled as boolean, status: toStatus(row) } : null;
  }

  /** The row to update, locked; the empty status when there is none yet. */
  async forUpdate(userId: number): Promise<StoredStatus> {
    const [row] = await this.database.query<Record<string, unknown>>(`SELECT * FROM user_status WHERE user_profile_id = $1 FOR UPDATE`, [
      userId,
    ]);
    return row ? toStatus(row) : { ...EMPTY_STATUS };
  }

  async save(userId: number, status: StoredStatus): Promise<void> {
    await this.database.query(
      `INSERT INTO user_status (user_profile_id, status_text, emoji_name, emoji_code, reaction_type, updated_at)
       VALUES ($1, $2, $3, $4, $5, now())
       ON CONFLICT (user_profile_id) DO UPDATE SET status_text = $2, emoji_name = $3, emoji_code = $4,
         reaction_type = $5, updated_at = now()`,
      [userId, status.statusText, status.emojiName, status.emojiCode, status.reactionType],
    );
  }

  /**
   * Zulip's `get_all_users_status_dict`: active users of the realm with a status row that
   * says something (a text, an emoji, or presence turned off).
   */
  async listForRealm(realmId: number): Promise<StatusRow[]> {
    const rows = await this.database.query<Record<string, unknown>>(
      `SELECT s.*, ${PRESENCE_ENABLED_SQL} AS presence_enabled
         FROM user_status s JOIN ${userProfileRelation('u')} ON u.id = s.user_profile_id
        WHERE u.realm_id = $1 AND u.is_active
          AND NOT (${PRESENCE_ENABLED_SQL} AND s.status_text = '' AND s.emoji_name = '' AND s.emoji_code = ''
                   AND s.reaction_type = 'unicode_emoji')
        ORDER BY s.user_profile_id`,
      [realmId],
    );
    return rows.map((row) => ({
      userId: row.user_profile_id as number,
      presenceEnabled: row.presence_enabled as boolean,
      status: toStatus(row),
    }));
  }
}
