import { Injectable } from '@nestjs/common';
import { UserRow } from '../public/user-row';
import { Role } from '../../shared/roles';
import { Database } from '../../platform/database/database';

/** Read access to users. Emails match case-insensitively. */
@Injectable()
export class UserRepository {
  constructor(
    private readonly database: Database,
  ) {}

  async findById(id: number): Promise<UserRow | null> {
    const [user] = await this.select(`WHERE u.id = $1`, [id]);
    return user ?? null;
  }

  async findInRealm(realmId: number, id: number): Promise<UserRow | null> {
    const [user] = await this.select(`WHERE u.realm_id = $1 AND u.id = $2`, [realmId, id]);
    return user ?? null;
  }

  /**
   * A user of the realm that can be administered, locked for the transaction. The realm's
   * notification bot plays Zulip's cross-realm system bot: no one administers it.
   */
  async lockAdministrable(realmId: number, id: number): Promise<UserRow | null> {
    const [user] = await this.select(
      `WHERE u.realm_id = $1 AND u.id = $2
         AND u.id IS DISTINCT FROM (SELECT notification_bot_id FROM realm WHERE id = $1)
       FOR UPDATE`,
      [realmId, id],
    );
    return user ?? null;
  }

  async findByIds(realmId: number, ids: readonly number[]): Promise<UserRow[]> {
    if (ids.length === 0) return [];
    return this.select(`WHERE u.realm_id = $1 AND u.id = ANY($2::int[]) ORDER BY u.id`, [realmId, ids]);
  }

  /**
   * By real address, whoever may see it: for sign-in, uniqueness checks and the admin CLI
   * only. Addresses given to the API go through `UserByEmailReader`, which hides the
   * addresses their owners hide (Zulip's `get_user_by_delivery_email` versus `get_user`).
   */
  async findByDeliveryEmail(realmId: number, email: string): Promise<UserRow | null> {
    const [user] = await this.select(`WHERE u.realm_id = $1 AND lower(u.delivery_email) = lower($2)`, [realmId, email]);
    return user ?? null;
  }

  /**
   * By real address, found only where the owner's `email_address_visibility` is one of
   * `visibilities` (bots show theirs to everyone): one statement, so that a hidden address
   * answers as an unknown one does.
   */
  async findByShownDeliveryEmail(
    realmId: number,
    email: string,
    visibilities: readonly number[],
  ): Promise<UserRow | null> {
    const [user] = await this.select(
      `WHERE u.realm_id = $1 AND lower(u.delivery_email) = lower($2)
         AND (u.is_bot OR u.email_address_visibility = ANY($3::int[]))`,
      [realmId, email, [...visibilities]],
    );
    return user ?? null;
  }

  /** The user holding this API key, in a list (keys are unique; the caller compares it in constant time). */
  async findByApiKey(apiKey: string): Promise<UserRow[]> {
    return this.select(`WHERE u.api_key = $1`, [apiKey]);
  }

  /** Users of any realm with this email: an address may be registered in several realms. */
  async findAllByDeliveryEmail(email: string): Promise<UserRow[]> {
    return this.select(`WHERE lower(u.delivery_email) = lower($1)`, [email]);
  }

  /**
   * Every user of a realm, active or not, by id, with what user lists show of them (no
   * credentials or settings: a realm's list is large, and reading those cost half its time).
   */
  async listInRealm(realmId: number): Promise<UserProfileView[]> {
    const rows = await this.database.query<Record<string, unknown>>(
      `SELECT ${PROFILE_COLUMNS} FROM user_profile u WHERE u.realm_id = $1 ORDER BY u.id`,
      [realmId],
    );
    return rows.map(toProfileView);
  }

  /** The realm's active users and bots with their roles, by id. */
  activeUserKinds(realmId: number): Promise<{ id: number; role: number; is_bot: boolean }[]> {
    return this.database.query<{ id: number; role: number; is_bot: boolean }>(
      `SELECT id, role, is_bot FROM user_profile WHERE realm_id = $1 AND is_active ORDER BY id`,
      [realmId],
    );
  }

  async activeUserRoles(realmId: number): Promise<{ id: number; role: number }[]> {
    return this.database.query<{ id: number; role: number }>(
      `SELECT id, role FROM user_profile WHERE realm_id = $1 AND is_active ORDER BY id`,
      [realmId],
    );
  }

  /** Zulip's `realm.get_human_admin_users()`: the active administrators and owners who are people. */
  async humanAdministratorIds(realmId: number): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT id FROM user_profile WHERE realm_id = $1 AND is_active AND NOT is_bot AND role <= $2 ORDER BY id`,
      [realmId, Role.Administrator],
    );
    return rows.map((row) => row.id);
  }

  /** The realm's active users, by id. */
  async allActiveUserIds(realmId: number): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(`SELECT id FROM user_profile WHERE realm_id = $1 AND is_active ORDER BY id`, [realmId]);
    return rows.map((row) => row.id);
  }

  /** Which of the users are active users of the realm, by id. */
  async activeIdsAmong(realmId: number, ids: readonly number[]): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT id FROM user_profile WHERE realm_id = $1 AND is_active AND id = ANY($2::int[]) ORDER BY id`,
      [realmId, [...ids]],
    );
    return rows.map((row) => row.id);
  }

  /** Zulip's `get_admin_users_and_bots`: the realm's active administrators and owners, bots included, by id. */
  async administratorIds(realmId: number): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT id FROM user_profile WHERE realm_id = $1 AND is_active AND role <= $2 ORDER BY id`,
      [realmId, Role.Administrator],
    );
    return rows.map((row) => row.id);
  }

  /**
   * The ids of the realm's active users (ascending) if there are at most `limit`, else null:
   * one row either way, so a large realm costs no list.
   */
  async activeUserIdsUpTo(realmId: number, limit: number): Promise<number[] | null> {
    const [row] = await this.database.query<{ ids: number[] | null }>(
      `SELECT CASE WHEN count(*) <= $2 THEN coalesce(array_agg(id ORDER BY id), '{}') END AS ids
         FROM (SELECT id FROM user_profile WHERE realm_id = $1 AND is_active LIMIT $2 + 1) AS few`,
      [realmId, limit],
    );
    return row.ids;
  }

  private async select(where: string, params: unknown[]): Promise<UserRow[]> {
    const rows = await this.database.query<Record<string, unknown>>(`SELECT u.* FROM user_profile u ${where}`, params);
    return rows.map(toUserRow);
  }

  /** Zulip's `check_bot_name_available`: whether an active account of the realm has the name. */
  async activeNameTaken(realmId: number, fullName: string): Promise<boolean> {
    const [row] = await this.database.query<{ taken: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM user_profile WHERE realm_id = $1 AND full_name = $2 AND is_active) AS taken`,
      [realmId, fullName],
    );
    return row.taken;
  }

  async activeHumanOwnerCount(realmId: number): Promise<number> {
    const [row] = await this.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM user_profile WHERE realm_id = $1 AND role = 100 AND is_active AND NOT is_bot`,
      [realmId],
    );
    return row.count;
  }

  /** Active accounts of the realm other than `userId` and `exceptId` (the realm's notification bot). */
  async otherActiveCount(realmId: number, userId: number, exceptId: number | null): Promise<number> {
    const [row] = await this.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM user_profile
        WHERE realm_id = $1 AND is_active AND id <> $2 AND id IS DISTINCT FROM $3`,
      [realmId, userId, exceptId],
    );
    return row.count;
  }

  /** Every user of the realm, active or not, by id. */
  allInRealm(realmId: number): Promise<UserRow[]> {
    return this.select(`WHERE u.realm_id = $1 ORDER BY u.id`, [realmId]);
  }

  /** The realm's longest-standing active human owner. */
  async longestStandingOwnerId(realmId: number): Promise<number | null> {
    const [owner] = await this.database.query<{ id: number }>(
      `SELECT id FROM user_profile WHERE realm_id = $1 AND role = $2 AND is_active AND NOT is_bot ORDER BY id LIMIT 1`,
      [realmId, Role.Owner],
    );
    return owner?.id ?? null;
  }

  /** Whether the realm has a human owner, active or not. */
  async hasHumanOwner(realmId: number): Promise<boolean> {
    const owners = await this.database.query(`SELECT 1 FROM user_profile WHERE realm_id = $1 AND role = $2 AND NOT is_bot LIMIT 1`, [realmId, Role.Owner]);
    return owners.length > 0;
  }

  /** Active humans and bots per realm. */
  async activeCountsByRealm(): Promise<Map<number, { users: number; bots: number }>> {
    const rows = await this.database.query<{ realm_id: number; users: string; bots: string }>(
      `SELECT realm_id,
              count(id) FILTER (WHERE is_active AND NOT is_bot) AS users,
              count(id) FILTER (WHERE is_active AND is_bot) AS bots
         FROM user_profile GROUP BY realm_id`,
    );
    return new Map(rows.map((row) => [row.realm_id, { users: Number(row.users), bots: Number(row.bots) }]));
  }

  /** The bots the user owns, active or not, locked for the transaction, by id. */
  async lockOwnedBotIds(ownerId: number): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT id FROM user_profile WHERE bot_owner_id = $1 AND is_bot ORDER BY id FOR UPDATE`,
      [ownerId],
    );
    return rows.map((row) => row.id);
  }

  /**
   * The active human of the realm with a role at least `maxRole` (other than `excludeId`)
   * that comes first: `preferId` if it qualifies, else by role, then by id.
   */
  async firstAdministrator(realmId: number, maxRole: number, excludeId: number, preferId: number): Promise<{ id: number; role: number } | null> {
    const [row] = await this.database.query<{ id: number; role: number }>(
      `SELECT id, role FROM user_profile
        WHERE realm_id = $1 AND is_active AND NOT is_bot AND role <= $2 AND id <> $3
        ORDER BY (id = $4) DESC, role, id LIMIT 1`,
      [realmId, maxRole, excludeId, preferId],
    );
    return row ?? null;
  }

  /** The users' names, in no particular order. */
  async fullNames(userIds: readonly number[]): Promise<{ id: number; fullName: string }[]> {
    const rows = await this.database.query<{ id: number; full_name: string }>(`SELECT id, full_name FROM user_profile WHERE id = ANY($1::int[])`, [userIds]);
    return rows.map((row) => ({ id: row.id, fullName: row.full_name }));
  }

  /**
   * The realm's users a text may mention, by lower-cased full name or by id, active users
   * first (so that a name shared with a deactivated user finds the active one).
   */
  async mentionable(realmId: number, lowerNames: readonly string[], ids: readonly number[]): Promise<{ id: number; fullName: string; isActive: boolean }[]> {
    const rows = await this.database.query<{ id: number; full_name: string; is_active: boolean }>(
      `SELECT id, full_name, is_active FROM user_profile
        WHERE realm_id = $1 AND (lower(full_name) = ANY($2::text[]) OR id = ANY($3::int[])) ORDER BY is_active DESC, id`,
      [realmId, lowerNames, ids],
    );
    return rows.map((row) => ({ id: row.id, fullName: row.full_name, isActive: row.is_active }));
  }

  /** The realm's user directory version (bumped by every change to its users' rows), or null before the first change. */
  async directoryVersion(realmId: number): Promise<string | null> {
    const [row] = await this.database.query<{ version: string }>(`SELECT version FROM user_directory_version WHERE realm_id = $1`, [realmId]);
    return row ? row.version : null;
  }
}

/** What user lists present of a user (`presentUser`). */
export type UserProfileView = Pick<
  UserRow,
  | 'id'
  | 'realmId'
  | 'deliveryEmail'
  | 'fullName'
  | 'role'
  | 'isActive'
  | 'isBot'
  | 'botType'
  | 'botOwnerId'
  | 'dateJoined'
  | 'timezone'
  | 'avatarSource'
  | 'avatarVersion'
  | 'emailAddressVisibility'
>;

const PROFILE_COLUMNS = `u.id, u.realm_id, u.delivery_email, u.full_name, u.role, u.is_active, u.is_bot, u.bot_type,
  u.bot_owner_id, u.date_joined, u.timezone, u.avatar_source, u.avatar_version, u.email_address_visibility`;

function toProfileView(row: Record<string, unknown>): UserProfileView {
  return {
    id: row.id as number,
    realmId: row.realm_id as number,
    deliveryEmail: row.delivery_email as string,
    fullName: row.full_name as string,
    role: row.role as number,
    isActive: row.is_active as boolean,
    isBot: row.is_bot as boolean,
    botType: row.bot_type as number | null,
    botOwnerId: row.bot_owner_id as number | null,
    dateJoined: row.date_joined as Date,
    timezone: row.timezone as string,
    avatarSource: row.avatar_source as string,
    avatarVersion: row.avatar_version as number,
    emailAddressVisibility: row.email_address_visibility as number,
  };
}

export function toUserRow(row: Record<string, unknown>): UserRow {
  return {
    ...toProfileView(row),
    apiKey: row.api_key as string,
    passwordHash: row.password_hash as string | null,
    recipientId: row.recipient_id as number | null,
    settings: (row.settings ?? {}) as Record<string, unknown>,
    defaultSendingStreamId: (row.default_sending_stream_id ?? null) as number | null,
    defaultEventsRegisterStreamId: (row.default_events_register_stream_id ?? null) as number | null,
    defaultAllPublicStreams: (row.default_all_public_streams ?? false) as boolean,
  };
}
