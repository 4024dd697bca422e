import { Injectable } from '@nestjs/common';
import { PasswordSettings } from '../../platform/config/settings';
import { Database } from '../../platform/database/database';
import { ApiError } from '../../shared/api-error';
import { PasswordResetTokenStore } from '../persistence/password-reset-token.store';
import { hashPassword } from '../public/credentials';
import { isAcceptablePassword } from '../public/password-policy';
import { Sessions } from './sessions.commands';

/**
 * Zulip's `do_change_password` in two steps: `hash` checks the realm's password policy and
 * hashes, before any transaction (hashing is slow on purpose); `store` writes the hash in
 * the caller's transaction and ends the user's unused password reset links, as Django's
 * reset tokens end with the password they were made for, and their pending email-change
 * confirmations (Zulip keeps those; here whoever knew the old password cannot move the
 * account to their own address once the owner has changed it: see
 * docs/zulip-differences.md). The user's sessions end, but `keepSession` (the browser that
 * changed it stays signed in, as Zulip's `update_session_auth_hash` keeps it): Django's
 * sessions end with the password hash they were made with. API keys stay as they were.
 */
@Injectable()
export class PasswordChange {
  constructor(
    private readonly passwords: PasswordSettings,
    private readonly database: Database,
    private readonly resetLinks: PasswordResetTokenStore,
    private readonly sessions: Sessions,
  ) {}

  async hash(password: string): Promise<string> {
    if (!(await isAcceptablePassword(password, this.passwords.policy))) throw ApiError.badRequest('New password is too weak!');
    return hashPassword(password, this.passwords.hashCost);
  }

  async store(userId: number, hash: string, keepSession: number | null = null): Promise<void> {
    await this.database.query(`UPDATE user_profile SET password_hash = $2 WHERE id = $1`, [userId, hash]);
    await this.resetLinks.endUnused(userId);
    await this.database.query(`UPDATE email_change_status SET used = true WHERE user_profile_id = $1 AND NOT used`, [userId]);
    await this.sessions.endOthers(userId, keepSession);
  }
}
