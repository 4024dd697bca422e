import { Injectable } from '@nestjs/common';
import { SystemGroupWrites } from '../../groups/commands/system-group-writes';
import { RecipientType } from '../../shared/recipient-type';
import { ApiError } from '../../shared/api-error';
import { generateApiKey } from '../public/credentials';
import { USER_SETTING_DEFAULTS } from '../public/user-settings';
import { UserRow } from '../public/user-row';
import { toUserRow } from '../persistence/user.repository';
import { Database } from '../../platform/database/database';

export interface NewUser {
  realmId: number;
  email: string;
  fullName: string;
  role: number;
  /**
   * From `hashPassword`, computed before the transaction opens (hashing is slow on
   * purpose); null for accounts that sign in only with their API key.
   */
  passwordHash: string | null;
  isBot?: boolean;
  botType?: number | null;
  botOwnerId?: number | null;
  defaultSendingStreamId?: number | null;
  defaultEventsRegisterStreamId?: number | null;
  defaultAllPublicStreams?: boolean;
  /** Personal settings the user starts with (the realm's defaults for new users). */
  settings?: Record<string, unknown>;
  emailAddressVisibility?: number;
}

/**
 * Creates user rows with everything a user needs to exist: key, inbox, role groups. The
 * users module's write facade for user creation (admin's `UserCreation`), called inside
 * the creating command's transaction.
 */
@Injectable()
export class UserWriter {
  constructor(
    private readonly groups: SystemGroupWrites,
    private readonly database: Database,
  ) {}

  /** Inserts a user; a taken email answers Zulip's `EmailAlreadyInUseError`. */
  async insert(user: NewUser): Promise<UserRow> {
    const rows = await this.database.query<Record<string, unknown>>(
      `INSERT INTO user_profile (realm_id, delivery_email, full_name, role, is_bot, bot_type, bot_owner_id,
         api_key, password_hash, email_address_visibility, default_sending_stream_id,
         default_events_register_stream_id, default_all_public_streams, settings)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (realm_id, lower(delivery_email)) DO NOTHING
       RETURNING *`,
      [
        user.realmId, user.email, user.fullName, user.role, user.isBot ?? false, user.botType ?? null,
        user.botOwnerId ?? null, generateApiKey(), user.passwordHash,
        user.emailAddressVisibility ?? USER_SETTING_DEFAULTS.email_address_visibility,
        user.defaultSendingStreamId ?? null, user.defaultEventsRegisterStreamId ?? null, user.defaultAllPublicStreams ?? false,
        JSON.stringify(user.settings ?? {}),
      ],
    );
    if (rows.length === 0) throw ApiError.badRequest('Email is already in use.');
    const created = toUserRow(rows[0]);
    const [recipient] = await this.database.query<{ id: number }>(
      `INSERT INTO recipient (type, type_id) VALUES ($1, $2) RETURNING id`,
      [RecipientType.Personal, created.id],
    );
    await this.database.query(`UPDATE user_profile SET recipient_id = $1 WHERE id = $2`, [recipient.id, created.id]);
    // Membership of one's own inbox, as Zulip keeps it.
    await this.database.query(`INSERT INTO subscription (user_profile_id, recipient_id, active) VALUES ($1, $2, true)`, [
      created.id,
      recipient.id,
    ]);
    await this.groups.joinRoleGroups(user.realmId, created.id, user.role);
    created.recipientId = recipient.id;
    return created;
  }
}
