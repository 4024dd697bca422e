import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { realmRelation } from '../../realm/public/read-relations';

/** Zulip's (Django's PASSWORD_RESET_TIMEOUT as Zulip sets it): a link works for 24 hours. */
export const PASSWORD_RESET_LINK_HOURS = 24;

function tokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The account a valid link opens. */
export interface ResetLinkAccount {
  userId: number;
  email: string;
}

/**
 * The `password_reset_token` table: only each token's SHA-256 is kept. A link is valid while
 * unused, unexpired, and its user active, human and in the realm it is opened on.
 */
@Injectable()
export class PasswordResetTokenStore {
  constructor(private readonly database: Database) {}

  async insert(userId: number, token: string): Promise<void> {
    await this.database.query(
      `INSERT INTO password_reset_token (user_profile_id, token_hash, expires_at) VALUES ($1, $2, now() + make_interval(hours => $3))`,
      [userId, tokenHash(token), PASSWORD_RESET_LINK_HOURS],
    );
  }

  async findValid(realmId: number, userId: number, token: string): Promise<ResetLinkAccount | null> {
    const [row] = await this.database.query<{ id: number; delivery_email: string }>(
      `SELECT u.id, u.delivery_email FROM password_reset_token t JOIN user_profile u ON u.id = t.user_profile_id
       WHERE t.token_hash = $3 AND t.user_profile_id = $2 AND u.realm_id = $1 AND u.is_active AND NOT u.is_bot
         AND t.used_at IS NULL AND t.expires_at > now()`,
      [realmId, userId, tokenHash(token)],
    );
    return row ? { userId: row.id, email: row.delivery_email } : null;
  }

  /** Marks a valid link used, in the caller's transaction; false when it was not valid (any more). */
  async consume(realmId: number, userId: number, token: string): Promise<boolean> {
    const rows = await this.database.query<{ id: number }>(
      // Wrapped in a SELECT: the driver answers a bare UPDATE ... RETURNING with [rows, count].
      `WITH used AS (
         UPDATE password_reset_token t SET used_at = now() FROM user_profile u
         WHERE u.id = t.user_profile_id AND t.token_hash = $3 AND t.user_profile_id = $2 AND u.realm_id = $1
           AND u.is_active AND NOT u.is_bot AND t.used_at IS NULL AND t.expires_at > now()
         RETURNING t.id)
       SELECT id FROM used`,
      [realmId, userId, tokenHash(token)],
    );
    return rows.length > 0;
  }

  /**
   * Ends the user's unused links, in the caller's transaction: Zulip's reset tokens are
   * made from the password hash and the email, so changing either ends them.
   */
  async endUnused(userId: number): Promise<void> {
    await this.database.query(`UPDATE password_reset_token SET used_at = now() WHERE user_profile_id = $1 AND used_at IS NULL`, [userId]);
  }

  /** The subdomains of other realms where `email` has an active human account. */
  async otherActiveRealms(realmId: number, email: string): Promise<string[]> {
    const rows = await this.database.query<{ string_id: string }>(
      `SELECT r.string_id FROM user_profile u JOIN ${realmRelation('r')} ON r.id = u.realm_id
       WHERE lower(u.delivery_email) = lower($2) AND u.realm_id <> $1 AND u.is_active AND NOT u.is_bot AND NOT r.deactivated
       ORDER BY r.string_id`,
      [realmId, email],
    );
    return rows.map((row) => row.string_id);
  }
}
