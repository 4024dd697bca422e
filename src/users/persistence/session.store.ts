import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { UserRow } from '../public/user-row';
import { toUserRow } from './user.repository';

/** A live session and its user (whatever their state: the caller decides). */
export interface SessionOwner {
  sessionId: number;
  expiresAt: Date;
  user: UserRow;
}

/**
 * The `user_session` table: signed-in browsers, by the SHA-256 of their cookie's secret.
 * Expired rows are never read, and a user's are dropped when they start a new one.
 */
@Injectable()
export class SessionStore {
  constructor(private readonly database: Database) {}

  async insert(userId: number, secretHash: string, lifetimeSeconds: number): Promise<number> {
    await this.database.query(`DELETE FROM user_session WHERE user_profile_id = $1 AND expires_at <= now()`, [userId]);
    const [row] = await this.database.query<{ id: string | number }>(
      `INSERT INTO user_session (user_profile_id, secret_hash, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3)) RETURNING id`,
      [userId, secretHash, lifetimeSeconds],
    );
    return Number(row.id);
  }

  async findLive(secretHash: string): Promise<SessionOwner | null> {
    const [row] = await this.database.query<Record<string, unknown>>(
      `SELECT u.*, s.id AS session_id, s.expires_at AS session_expires_at FROM user_session s JOIN user_profile u ON u.id = s.user_profile_id
        WHERE s.secret_hash = $1 AND s.expires_at > now()`,
      [secretHash],
    );
    return row ? { sessionId: Number(row.session_id), expiresAt: new Date(row.session_expires_at as Date | string), user: toUserRow(row) } : null;
  }

  /** Ends one session; the user it belonged to, or null when there was none. */
  async remove(secretHash: string): Promise<number | null> {
    const rows = await this.database.query<{ user_profile_id: number }>(
      // Wrapped in a SELECT: the driver answers a bare DELETE ... RETURNING with [rows, count].
      `WITH ended AS (DELETE FROM user_session WHERE secret_hash = $1 RETURNING user_profile_id) SELECT user_profile_id FROM ended`,
      [secretHash],
    );
    return rows[0]?.user_profile_id ?? null;
  }

  /** Ends every session of the user but `keep` (null: all of them). */
  async removeForUser(userId: number, keep: number | null): Promise<void> {
    await this.database.query(`DELETE FROM user_session WHERE user_profile_id = $1 AND id IS DISTINCT FROM $2`, [userId, keep]);
  }

  /** Every session of the realm's users. */
  async removeForRealm(realmId: number): Promise<void> {
    await this.database.query(`DELETE FROM user_session s USING user_profile u WHERE u.id = s.user_profile_id AND u.realm_id = $1`, [realmId]);
  }
}
