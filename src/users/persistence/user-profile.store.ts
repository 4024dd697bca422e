import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { toUserRow } from './user.repository';
import { UserRow } from '../public/user-row';

/** The columns of a user's row that are set as given (the rest change through the methods below). */
export interface UserProfileChanges {
  apiKey?: string;
  fullName?: string;
  role?: number;
  isActive?: boolean;
  botOwnerId?: number;
  passwordHash?: string;
  deliveryEmail?: string;
  emailAddressVisibility?: number;
  timezone?: string;
  recipientId?: number;
  defaultAllPublicStreams?: boolean;
  defaultSendingStreamId?: number | null;
  defaultEventsRegisterStreamId?: number | null;
}

const COLUMNS: Readonly<Record<keyof UserProfileChanges, string>> = {
  apiKey: 'api_key',
  fullName: 'full_name',
  role: 'role',
  isActive: 'is_active',
  botOwnerId: 'bot_owner_id',
  passwordHash: 'password_hash',
  deliveryEmail: 'delivery_email',
  emailAddressVisibility: 'email_address_visibility',
  timezone: 'timezone',
  recipientId: 'recipient_id',
  defaultAllPublicStreams: 'default_all_public_streams',
  defaultSendingStreamId: 'default_sending_stream_id',
  defaultEventsRegisterStreamId: 'default_events_register_stream_id',
};

/** Writes to `user_profile` (and `email_change_status`), in the caller's transaction: the users module's own. */
@Injectable()
export class UserProfileStore {
  constructor(private readonly database: Database) {}

  /** Sets the given columns of one user's row, in one statement. */
  async set(userId: number, changes: UserProfileChanges): Promise<void> {
    const entries = (Object.keys(changes) as (keyof UserProfileChanges)[]).filter((key) => changes[key] !== undefined);
    if (entries.length === 0) return;
    const assignments = entries.map((key, index) => `${COLUMNS[key]} = $${index + 2}`).join(', ');
    await this.database.query(`UPDATE user_profile SET ${assignments} WHERE id = $1`, [userId, ...entries.map((key) => changes[key])]);
  }

  /** A new avatar source, with the version one past the old one. */
  async setAvatarSource(userId: number, source: string): Promise<void> {
    // (TypeORM answers an UPDATE with [rows, count]: the new version is simply the old one plus one.)
    await this.database.query(`UPDATE user_profile SET avatar_source = $2, avatar_version = avatar_version + 1 WHERE id = $1`, [userId, source]);
  }

  /** Replaces the user's stored personal settings. */
  async setSettings(userId: number, settings: Record<string, unknown>): Promise<void> {
    await this.database.query(`UPDATE user_profile SET settings = $2 WHERE id = $1`, [userId, JSON.stringify(settings)]);
  }

  /** Sets one boolean personal setting, leaving the others as they are. */
  async setPresenceEnabled(userId: number, enabled: boolean): Promise<void> {
    await this.database.query(
      `UPDATE user_profile SET settings = settings || jsonb_build_object('presence_enabled', $2::boolean) WHERE id = $1`,
      [userId, enabled],
    );
  }

  /**
   * Takes the user's row lock (FOR NO KEY UPDATE, which rows referring to the user do not
   * wait for) and holds it to the commit, without reading the row.
   */
  async hold(userId: number): Promise<void> {
    await this.database.query(`SELECT id FROM user_profile WHERE id = $1 FOR NO KEY UPDATE`, [userId]);
  }

  /** Locks the user's row for the transaction and answers it as it then is, or null. */
  async lock(userId: number): Promise<UserRow | null> {
    const [row] = await this.database.query<Record<string, unknown>>(`SELECT * FROM user_profile WHERE id = $1 FOR UPDATE`, [userId]);
    return row ? toUserRow(row) : null;
  }

  /** Inserts a user; null when the realm has an account with that address already. */
  async insert(user: {
    realmId: number; email: string; fullName: string; role: number; isBot: boolean; botType: number | null;
    botOwnerId: number | null; apiKey: string; passwordHash: string | null; emailAddressVisibility: number;
    defaultSendingStreamId: number | null; defaultEventsRegisterStreamId: number | null; defaultAllPublicStreams: boolean;
    settings: Record<string, unknown>;
  }): Promise<UserRow | null> {
    const rows = await this.database.query<Record<string, unknown>>(
      `INSERT INTO user_profile (realm_id, delivery_email, full_name, role, is_bot, bot_type, bot_owner_id,
         api_key, password_hash, email_address_visibility, default_sending_stream_id,
         default_events_register_stream_id, default_all_public_streams, settings)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (realm_id, lower(delivery_email)) DO NOTHING
       RETURNING *`,
      [
        user.realmId, user.email, user.fullName, user.role, user.isBot, user.botType, user.botOwnerId, user.apiKey,
        user.passwordHash, user.emailAddressVisibility, user.defaultSendingStreamId, user.defaultEventsRegisterStreamId,
        user.defaultAllPublicStreams, JSON.stringify(user.settings),
      ],
    );
    return rows.length === 0 ? null : toUserRow(rows[0]);
  }

  /** Records a requested address change; its key confirms it. */
  async requestEmailChange(userId: number, oldEmail: string, newEmail: string, key: string): Promise<void> {
    await this.database.query(
      `INSERT INTO email_change_status (user_profile_id, old_email, new_email, confirmation_key) VALUES ($1, $2, $3, $4)`,
      [userId, oldEmail, newEmail, key],
    );
  }

  /** The address change a key confirms, locked for the transaction. */
  async lockEmailChange(key: string): Promise<{ id: number; user_profile_id: number; old_email: string; new_email: string; date_created: Date; used: boolean } | undefined> {
    const [change] = await this.database.query<{ id: number; user_profile_id: number; old_email: string; new_email: string; date_created: Date; used: boolean }>(
      `SELECT * FROM email_change_status WHERE confirmation_key = $1 FOR UPDATE`,
      [key],
    );
    return change;
  }

  async useEmailChange(id: number): Promise<void> {
    await this.database.query(`UPDATE email_change_status SET used = true WHERE id = $1`, [id]);
  }

  /** Ends the user's address changes still waiting for confirmation. */
  async endUnusedEmailChanges(userId: number): Promise<void> {
    await this.database.query(`UPDATE email_change_status SET used = true WHERE user_profile_id = $1 AND NOT used`, [userId]);
  }
}
