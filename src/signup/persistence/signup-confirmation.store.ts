import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';

function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/**
 * What the account made from a link gets: Zulip's PreregistrationUser fields. A plain
 * self-sign-up is a member with the realm's default channels; a link mailed from a
 * reusable invitation keeps what that invitation gave when the address was sent.
 */
export interface SignupGrant {
  /** The reusable invitation the address came through, or null (the sign-up page). */
  multiuseInvitationId: number | null;
  invitedAs: number;
  streamIds: readonly number[];
  groupIds: readonly number[];
  includeRealmDefaultSubscriptions: boolean;
}

/** A self-sign-up link as stored. */
export interface SignupConfirmationRow extends SignupGrant {
  id: number;
  realmId: number;
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
}

interface Row {
  id: number;
  realm_id: number;
  email: string;
  expires_at: Date | string;
  used_at: Date | string | null;
  multiuse_invitation_id: number | null;
  invited_as: number | string;
  stream_ids: number[] | null;
  group_ids: number[] | null;
  include_realm_default_subscriptions: boolean;
}

function toRow(row: Row): SignupConfirmationRow {
  return {
    id: row.id,
    realmId: row.realm_id,
    email: row.email,
    expiresAt: new Date(row.expires_at),
    usedAt: row.used_at === null ? null : new Date(row.used_at),
    multiuseInvitationId: row.multiuse_invitation_id,
    invitedAs: Number(row.invited_as),
    streamIds: row.stream_ids ?? [],
    groupIds: row.group_ids ?? [],
    includeRealmDefaultSubscriptions: row.include_realm_default_subscriptions,
  };
}

/** The `signup_confirmation` table: only each key's SHA-256 is kept. */
@Injectable()
export class SignupConfirmationStore {
  constructor(private readonly database: Database) {}

  async insert(realmId: number, email: string, key: string, validMinutes: number, grant: SignupGrant): Promise<void> {
    await this.database.query(
      `INSERT INTO signup_confirmation (realm_id, email, key_hash, expires_at, multiuse_invitation_id, invited_as, stream_ids, group_ids,
                                        include_realm_default_subscriptions)
       VALUES ($1, $2, $3, now() + make_interval(mins => $4), $5, $6, $7::int[], $8::int[], $9)`,
      [
        realmId,
        email,
        keyHash(key),
        validMinutes,
        grant.multiuseInvitationId,
        grant.invitedAs,
        [...grant.streamIds],
        [...grant.groupIds],
        grant.includeRealmDefaultSubscriptions,
      ],
    );
  }

  /** The link a key names, whatever its state; inside a transaction `lock` holds it until the commit. */
  async findByKey(key: string, lock = false): Promise<SignupConfirmationRow | null> {
    const [row] = await this.database.query<Row>(
      `SELECT id, realm_id, email, expires_at, used_at, multiuse_invitation_id, invited_as, stream_ids, group_ids,
              include_realm_default_subscriptions
         FROM signup_confirmation WHERE key_hash = $1${lock ? ' FOR UPDATE' : ''}`,
      [keyHash(key)],
    );
    return row ? toRow(row) : null;
  }

  async markUsed(id: number, userId: number): Promise<void> {
    await this.database.query(`UPDATE signup_confirmation SET used_at = now(), created_user_id = $2 WHERE id = $1`, [id, userId]);
  }

  /**
   * Zulip's `revoke_preregistration_users`: the address's other pending links in the realm
   * (all but `exceptId`, the one used, if any) stop working. Answers how many did.
   */
  async spendOthers(realmId: number, email: string, exceptId: number | null): Promise<number> {
    const rows = await this.database.query<{ id: number }>(
      `WITH spent AS (
         UPDATE signup_confirmation SET used_at = now()
          WHERE realm_id = $1 AND lower(email) = lower($2) AND ($3::int IS NULL OR id <> $3) AND used_at IS NULL
         RETURNING id)
       SELECT id FROM spent`,
      [realmId, email, exceptId],
    );
    return rows.length;
  }
}
