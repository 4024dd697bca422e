import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { InvitationStatus } from '../domain/invite-rules';
import { realmRelation } from '../../realm/public/read-relations';

/** An email invitation or a reusable link, with the channels and groups it gives. */
export interface InvitationRow {
  id: number;
  realmId: number;
  isMultiuse: boolean;
  /** The invitee's address; null for a reusable link. */
  email: string | null;
  referredById: number | null;
  invitedAs: number;
  includeRealmDefaultSubscriptions: boolean;
  notifyReferrerOnJoin: boolean;
  confirmationKey: string;
  invitedAt: Date;
  expiryDate: Date | null;
  status: number;
  streamIds: number[];
  groupIds: number[];
}

export interface NewInvitation {
  realmId: number;
  email: string | null;
  referredById: number;
  invitedAs: number;
  includeRealmDefaultSubscriptions: boolean;
  notifyReferrerOnJoin: boolean;
  confirmationKey: string;
  invitedAt: Date;
  expiryDate: Date | null;
  streamIds: readonly number[];
  groupIds: readonly number[];
}

interface Row {
  id: number;
  realm_id: number;
  is_multiuse: boolean;
  email: string | null;
  referred_by_id: number | null;
  invited_as: number;
  include_realm_default_subscriptions: boolean;
  notify_referrer_on_join: boolean;
  confirmation_key: string;
  invited_at: Date | string;
  expiry_date: Date | string | null;
  status: number;
  stream_ids: number[] | null;
  group_ids: number[] | null;
}

function toRow(row: Row): InvitationRow {
  return {
    id: row.id,
    realmId: row.realm_id,
    isMultiuse: row.is_multiuse,
    email: row.email,
    referredById: row.referred_by_id,
    invitedAs: Number(row.invited_as),
    includeRealmDefaultSubscriptions: row.include_realm_default_subscriptions,
    notifyReferrerOnJoin: row.notify_referrer_on_join,
    confirmationKey: row.confirmation_key,
    invitedAt: new Date(row.invited_at),
    expiryDate: row.expiry_date === null ? null : new Date(row.expiry_date),
    status: Number(row.status),
    streamIds: row.stream_ids ?? [],
    groupIds: row.group_ids ?? [],
  };
}

const SELECT = `
  SELECT i.id, i.realm_id, i.is_multiuse, i.email, i.referred_by_id, i.invited_as, i.include_realm_default_subscriptions,
         i.notify_referrer_on_join, i.confirmation_key, i.invited_at, i.expiry_date, i.status,
         ARRAY(SELECT s.stream_id FROM invitation_stream s WHERE s.invitation_id = i.id ORDER BY s.stream_id) AS stream_ids,
         ARRAY(SELECT g.user_group_id FROM invitation_group g WHERE g.invitation_id = i.id ORDER BY g.user_group_id) AS group_ids
    FROM invitation i`;

/** The `invitation` rows (with their channels and groups) and the `invitation_send` counts. */
@Injectable()
export class InvitationStore {
  constructor(private readonly database: Database) {}

  async insert(invitation: NewInvitation): Promise<number> {
    const [row] = await this.database.query<{ id: number }>(
      `INSERT INTO invitation (realm_id, is_multiuse, email, referred_by_id, invited_as, include_realm_default_subscriptions,
                               notify_referrer_on_join, confirmation_key, invited_at, expiry_date)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [
        invitation.realmId,
        invitation.email === null,
        invitation.email,
        invitation.referredById,
        invitation.invitedAs,
        invitation.includeRealmDefaultSubscriptions,
        invitation.notifyReferrerOnJoin,
        invitation.confirmationKey,
        invitation.invitedAt,
        invitation.expiryDate,
      ],
    );
    if (invitation.streamIds.length > 0) {
      await this.database.query(`INSERT INTO invitation_stream (invitation_id, stream_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`, [
        row.id,
        [...invitation.streamIds],
      ]);
    }
    if (invitation.groupIds.length > 0) {
      await this.database.query(
        `INSERT INTO invitation_group (invitation_id, user_group_id) SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
        [row.id, [...invitation.groupIds]],
      );
    }
    return row.id;
  }

  /** One invitation of the realm, of the given kind; locked when the caller will change it. */
  async find(realmId: number, id: number, isMultiuse: boolean, lock = false): Promise<InvitationRow | null> {
    const [row] = await this.database.query<Row>(
      `${SELECT} WHERE i.id = $1 AND i.realm_id = $2 AND i.is_multiuse = $3${lock ? ' FOR UPDATE OF i' : ''}`,
      [id, realmId, isMultiuse],
    );
    return row ? toRow(row) : null;
  }

  async findByKey(key: string, lock = false): Promise<InvitationRow | null> {
    const [row] = await this.database.query<Row>(`${SELECT} WHERE i.confirmation_key = $1${lock ? ' FOR UPDATE OF i' : ''}`, [key]);
    return row ? toRow(row) : null;
  }

  /**
   * Zulip's `do_get_invites_controlled_by_user` rows: active, unexpired invitations of the
   * realm that someone made (`referredBy` null: everyone's), email invitations first.
   */
  async listActive(realmId: number, referredBy: number | null, now: Date): Promise<InvitationRow[]> {
    const rows = await this.database.query<Row>(
      `${SELECT} WHERE i.realm_id = $1 AND i.status = $2 AND i.referred_by_id IS NOT NULL
          AND ($3::int IS NULL OR i.referred_by_id = $3) AND (i.expiry_date IS NULL OR i.expiry_date >= $4)
        ORDER BY i.is_multiuse, i.id`,
      [realmId, InvitationStatus.Active, referredBy, now],
    );
    return rows.map(toRow);
  }

  async setStatus(id: number, status: number, createdUserId: number | null = null): Promise<void> {
    await this.database.query(`UPDATE invitation SET status = $2, created_user_id = COALESCE($3, created_user_id) WHERE id = $1`, [
      id,
      status,
      createdUserId,
    ]);
  }

  /**
   * Zulip's `revoke_preregistration_users`: once an address has its account, its other
   * pending email invitations in the realm (all but `exceptId`, the one used, if any) can no
   * longer be used. Answers the revoked invitations' makers.
   */
  async revokeOthersFor(realmId: number, email: string, exceptId: number | null): Promise<(number | null)[]> {
    const rows = await this.database.query<{ referred_by_id: number | null }>(
      `WITH revoked AS (
         UPDATE invitation SET status = $4
          WHERE realm_id = $1 AND NOT is_multiuse AND lower(email) = lower($2) AND ($3::int IS NULL OR id <> $3) AND status = $5
         RETURNING referred_by_id)
       SELECT referred_by_id FROM revoked`,
      [realmId, email, exceptId, InvitationStatus.Revoked, InvitationStatus.Active],
    );
    return rows.map((row) => row.referred_by_id);
  }

  /**
   * Zulip's `revoke_invites_generated_by_user`: the user's usable invitations expire now.
   * Answers how many did.
   */
  async expireAllBy(referrerId: number, now: Date): Promise<number> {
    const rows = await this.database.query<{ id: number }>(
      `WITH expired AS (
         UPDATE invitation SET expiry_date = $2
          WHERE referred_by_id = $1 AND status = $3 AND (expiry_date IS NULL OR expiry_date > $2) RETURNING id)
       SELECT id FROM expired`,
      [referrerId, now, InvitationStatus.Active],
    );
    return rows.length;
  }

  async recordSends(realmId: number, count: number, at: Date): Promise<void> {
    await this.database.query(`INSERT INTO invitation_send (realm_id, sent_at) SELECT $1, $2 FROM generate_series(1, $3)`, [realmId, at, count]);
  }

  /** Forgets the realm's sends older than `before`: no limit looks further back than a day. */
  async forgetSendsBefore(realmId: number, before: Date): Promise<void> {
    await this.database.query(`DELETE FROM invitation_send WHERE realm_id = $1 AND sent_at < $2`, [realmId, before]);
  }

  /** Invitation emails the realm sent since `since` (Zulip's `invites_sent::day` count). */
  async sentSince(realmId: number, since: Date): Promise<number> {
    const [row] = await this.database.query<{ count: string | number }>(
      `SELECT count(*) AS count FROM invitation_send WHERE realm_id = $1 AND sent_at >= $2`,
      [realmId, since],
    );
    return Number(row.count);
  }

  /** Invitation emails sent since `since` by every realm created after `createdAfter`. */
  async sentByNewRealmsSince(createdAfter: Date, since: Date): Promise<number> {
    const [row] = await this.database.query<{ count: string | number }>(
      `SELECT count(*) AS count FROM invitation_send s JOIN ${realmRelation('r')} ON r.id = s.realm_id
        WHERE r.date_created >= $1 AND s.sent_at >= $2`,
      [createdAfter, since],
    );
    return Number(row.count);
  }
}
