import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { realmRelation } from '../../realm/public/read-relations';
import { userProfileRelation } from '../../users/public/read-relations';

/** How the push notification service knows a user: Zulip's `UserProfile.uuid` and `Realm.uuid`. */
export interface PushIdentity {
  userId: number;
  realmId: number;
  userUuid: string;
  realmUuid: string;
}

/** What a row asks of the service (each an endpoint under `/api/v1/remotes/`). */
export type PushRequestKind = 'register' | 'unregister' | 'unregister-all' | 'notify' | 'remove';

/** A row to write. */
export interface PushRequest {
  kind: PushRequestKind;
  realmId: number;
  userId: number;
  /** The message a `notify` is about. */
  messageId: number | null;
  body: Record<string, unknown>;
}

/** A row an attempt claimed. */
export interface ClaimedPushRequest extends PushRequest {
  id: number;
  /** This attempt's number, from 1. */
  attempt: number;
  createdAt: Date;
}

interface ClaimedSqlRow {
  id: string;
  kind: PushRequestKind;
  realm_id: number;
  user_profile_id: number;
  message_id: number | null;
  body: Record<string, unknown> | string;
  attempts: number;
  created_at: Date | string;
}

/**
 * How long a claimed row is left to its attempt: longer than a request's time limit (15 s),
 * so that only a process that died mid-attempt leaves a row to be claimed again.
 */
const CLAIM_LEASE_SECONDS = 60;

/**
 * The rows of `push_bouncer_outbox` (requests to the push notification service, written in
 * the transaction that makes them due) and `push_notification_sent` (which messages a
 * notification went out for). SQL only.
 */
@Injectable()
export class PushOutboxStore {
  constructor(private readonly database: Database) {}

  /** The identities of these users (active or not). */
  async identities(userIds: readonly number[]): Promise<Map<number, PushIdentity>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.database.query<{ id: number; realm_id: number; user_uuid: string; realm_uuid: string }>(
      `SELECT u.id, u.realm_id, u.uuid::text AS user_uuid, r.uuid::text AS realm_uuid
         FROM ${userProfileRelation('u')} JOIN ${realmRelation('r')} ON r.id = u.realm_id
        WHERE u.id = ANY($1::int[])`,
      [userIds],
    );
    return new Map(rows.map((row) => [row.id, { userId: row.id, realmId: row.realm_id, userUuid: row.user_uuid, realmUuid: row.realm_uuid }]));
  }

  /** In the caller's transaction. */
  async insert(requests: readonly PushRequest[]): Promise<void> {
    if (requests.length === 0) return;
    await this.database.query(
      `INSERT INTO push_bouncer_outbox (kind, realm_id, user_profile_id, message_id, body)
       SELECT * FROM unnest($1::text[], $2::int[], $3::int[], $4::int[], $5::jsonb[])`,
      [
        requests.map((request) => request.kind),
        requests.map((request) => request.realmId),
        requests.map((request) => request.userId),
        requests.map((request) => request.messageId),
        requests.map((request) => JSON.stringify(request.body)),
      ],
    );
  }

  /**
   * Records that (user, message) pairs are notified; returns the pairs that were not yet
   * (a committed event handled twice notifies once).
   */
  async markNotified(pairs: readonly { userId: number; messageId: number }[]): Promise<{ userId: number; messageId: number }[]> {
    if (pairs.length === 0) return [];
    const rows = await this.database.query<{ user_profile_id: number; message_id: number }>(
      `WITH added AS (
         INSERT INTO push_notification_sent (user_profile_id, message_id)
         SELECT * FROM unnest($1::int[], $2::int[]) ON CONFLICT DO NOTHING RETURNING user_profile_id, message_id)
       SELECT user_profile_id, message_id FROM added`,
      [pairs.map((pair) => pair.userId), pairs.map((pair) => pair.messageId)],
    );
    return rows.map((row) => ({ userId: row.user_profile_id, messageId: row.message_id }));
  }

  /** Forgets the user's notified messages among `messageIds` (all of them with null); returns those forgotten. */
  async takeNotified(userId: number, messageIds: readonly number[] | null): Promise<number[]> {
    const rows = await this.database.query<{ message_id: number }>(
      `WITH taken AS (DELETE FROM push_notification_sent WHERE user_profile_id = $1 AND ($2::int[] IS NULL OR message_id = ANY($2::int[]))
                       RETURNING message_id)
       SELECT message_id FROM taken ORDER BY message_id`,
      [userId, messageIds],
    );
    return rows.map((row) => row.message_id);
  }

  /** Forgets every user's notified messages among `messageIds` (they were deleted); returns the pairs forgotten. */
  async takeNotifiedOfMessages(messageIds: readonly number[]): Promise<{ userId: number; messageId: number }[]> {
    if (messageIds.length === 0) return [];
    const rows = await this.database.query<{ user_profile_id: number; message_id: number }>(
      `WITH taken AS (DELETE FROM push_notification_sent WHERE message_id = ANY($1::int[]) RETURNING user_profile_id, message_id)
       SELECT user_profile_id, message_id FROM taken ORDER BY user_profile_id, message_id`,
      [messageIds],
    );
    return rows.map((row) => ({ userId: row.user_profile_id, messageId: row.message_id }));
  }

  /** Whether a row is due and unclaimed: the cheap read outside any transaction. */
  async anyDue(): Promise<boolean> {
    const rows = await this.database.query(
      `SELECT 1 FROM push_bouncer_outbox WHERE due_at <= now() AND (claimed_until IS NULL OR claimed_until < now()) LIMIT 1`,
    );
    return rows.length > 0;
  }

  /** Claims the oldest due row for one attempt (one statement: two processes never claim the same row). */
  async claimNext(): Promise<ClaimedPushRequest | null> {
    const [row] = await this.database.query<ClaimedSqlRow>(
      `WITH next AS (
         SELECT id FROM push_bouncer_outbox WHERE due_at <= now() AND (claimed_until IS NULL OR claimed_until < now())
          ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED),
       claimed AS (
         UPDATE push_bouncer_outbox o SET attempts = o.attempts + 1, claimed_until = now() + make_interval(secs => $1)
           FROM next WHERE o.id = next.id
         RETURNING o.id, o.kind, o.realm_id, o.user_profile_id, o.message_id, o.body, o.attempts, o.created_at)
       SELECT * FROM claimed`,
      [CLAIM_LEASE_SECONDS],
    );
    if (!row) return null;
    return {
      id: Number(row.id),
      kind: row.kind,
      realmId: row.realm_id,
      userId: row.user_profile_id,
      messageId: row.message_id,
      // The embedded driver hands jsonb over as text.
      body: (typeof row.body === 'string' ? JSON.parse(row.body) : row.body) as Record<string, unknown>,
      attempt: row.attempts,
      createdAt: new Date(row.created_at),
    };
  }

  /** The request was answered (or is given up): the row goes. */
  async remove(id: number): Promise<void> {
    await this.database.query(`WITH gone AS (DELETE FROM push_bouncer_outbox WHERE id = $1 RETURNING id) SELECT count(*) FROM gone`, [id]);
  }

  /** The service was unreachable or failing: the row is due again after `delayMs`. Returns when. */
  async retryLater(id: number, delayMs: number, error: string): Promise<Date> {
    const [row] = await this.database.query<{ due_at: Date | string }>(
      `WITH later AS (UPDATE push_bouncer_outbox SET due_at = now() + make_interval(secs => $2::float8 / 1000), claimed_until = NULL, last_error = $3
                       WHERE id = $1 RETURNING due_at)
       SELECT due_at FROM later`,
      [id, delayMs, error],
    );
    return row ? new Date(row.due_at) : new Date(Date.now() + delayMs);
  }

  /** When the earliest row is due (null: none), for a wake after a retry. */
  async nextDue(): Promise<Date | null> {
    const [row] = await this.database.query<{ due: Date | string | null }>(`SELECT min(due_at) AS due FROM push_bouncer_outbox`);
    return row?.due ? new Date(row.due) : null;
  }
}
