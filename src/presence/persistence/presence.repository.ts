import { Injectable } from '@nestjs/common';
import { PresenceTimes } from '../domain/presence-rules';
import { Database } from '../../platform/database/database';
import { userProfileRelation } from '../../users/public/read-relations';

/** A presence row with what reading it needs to know about its user. */
export interface PresenceRow extends PresenceTimes {
  userId: number;
  lastUpdateId: number;
  dateJoined: Date;
  deliveryEmail: string;
  emailAddressVisibility: number;
  isBot: boolean;
  presenceEnabled: boolean;
}

const ROW_COLUMNS = `p.user_profile_id, p.last_active_time, p.last_connected_time, p.last_update_id,
         u.date_joined, u.delivery_email, u.email_address_visibility, u.is_bot,
         COALESCE((u.settings->>'presence_enabled')::boolean, true) AS presence_enabled`;
const ROWS_FROM = `FROM user_presence p JOIN ${userProfileRelation('u')} ON u.id = p.user_profile_id`;
const SELECT_ROWS = `SELECT ${ROW_COLUMNS} ${ROWS_FROM}`;

/**
 * The presence upsert ($1 realm, $2 user, $3 and $4 the times); with `expected`, $5 guards
 * it (see `write`). `relaxed` sets `synchronous_commit` off for the statement's own
 * transaction (`set_config`'s local form, read when that transaction commits).
 */
function writeSql(expected: boolean, relaxed: boolean): string {
  return `WITH next AS (
       INSERT INTO presence_sequence (realm_id, last_update_id)
       SELECT $1, 1 ${relaxed ? `FROM (SELECT set_config('synchronous_commit', 'off', true)) relaxed` : ''}
       ON CONFLICT (realm_id) DO UPDATE SET last_update_id = presence_sequence.last_update_id + 1
       RETURNING last_update_id
     )
     INSERT INTO user_presence (user_profile_id, realm_id, last_active_time, last_connected_time, last_update_id)
     SELECT $2, $1, $3::timestamptz, $4::timestamptz, last_update_id FROM next
     ON CONFLICT (user_profile_id) DO UPDATE SET
       last_active_time = EXCLUDED.last_active_time,
       last_connected_time = EXCLUDED.last_connected_time,
       last_update_id = EXCLUDED.last_update_id
     ${expected ? 'WHERE user_presence.last_update_id IS NOT DISTINCT FROM $5::bigint' : ''}
     RETURNING last_update_id`;
}

/** `user_presence` rows, and the realm's `presence_sequence` that numbers their changes. */
@Injectable()
export class PresenceRepository {
  constructor(private readonly database: Database) {}

  /** The user's row, locked until the transaction ends (concurrent pings then queue up). */
  async lockTimes(userId: number): Promise<PresenceTimes | null> {
    const [row] = await this.database.query<{ last_active_time: Date | null; last_connected_time: Date | null }>(
      `SELECT last_active_time, last_connected_time FROM user_presence WHERE user_profile_id = $1 FOR UPDATE`,
      [userId],
    );
    return row ? { lastActiveTime: row.last_active_time, lastConnectedTime: row.last_connected_time } : null;
  }

  /**
   * Whether the user has presence on, and their row as it is now (null: none yet), without a
   * lock, with its update id (see `write`'s `expected`): one read for a report.
   */
  async reportingState(userId: number): Promise<{ enabled: boolean; stored: (PresenceTimes & { lastUpdateId: number }) | null } | null> {
    const [row] = await this.database.query<{ enabled: boolean; last_active_time: Date | null; last_connected_time: Date | null; last_update_id: string | null }>(
      `SELECT COALESCE((u.settings->>'presence_enabled')::boolean, true) AS enabled,
              p.last_active_time, p.last_connected_time, p.last_update_id
         FROM ${userProfileRelation('u')} LEFT JOIN user_presence p ON p.user_profile_id = u.id
        WHERE u.id = $1`,
      [userId],
    );
    if (!row) return null;
    const stored = row.last_update_id === null
      ? null
      : { lastActiveTime: row.last_active_time, lastConnectedTime: row.last_connected_time, lastUpdateId: Number(row.last_update_id) };
    return { enabled: row.enabled, stored };
  }

  /**
   * Stores the row with the realm's next update id, in one statement: the sequence row is
   * the realm's hottest lock (every change in the realm is numbered in commit order), so
   * it is taken last and held as briefly as possible. With `expectedUpdateId` (the update
   * id of the row the caller read, null for no row) the row is written only if it is still
   * that one: of two reports racing, one writes. Returns the update id, or null when it
   * was not.
   */
  async write(realmId: number, userId: number, times: PresenceTimes, expectedUpdateId?: number | null): Promise<number | null> {
    return this.upsert(realmId, userId, times, expectedUpdateId, false);
  }

  /**
   * `write` in a transaction of its own (one statement, not inside a caller's transaction),
   * committed without waiting for the disk: the sequence row's lock then lasts the
   * statement alone, not a disk flush too (under load a flush took tens of milliseconds
   * while every presence write of the realm queued behind it). A crash of the machine may
   * lose the last presence reports, which clients send again within a minute.
   */
  async writeRelaxed(realmId: number, userId: number, times: PresenceTimes, expectedUpdateId: number | null): Promise<number | null> {
    if (this.database.inTransaction) throw new Error('a relaxed presence write commits on its own: not inside a transaction');
    return this.upsert(realmId, userId, times, expectedUpdateId, true);
  }

  private async upsert(realmId: number, userId: number, times: PresenceTimes, expectedUpdateId: number | null | undefined, relaxed: boolean): Promise<number | null> {
    const params: unknown[] = [realmId, userId, times.lastActiveTime, times.lastConnectedTime];
    if (expectedUpdateId !== undefined) params.push(expectedUpdateId);
    const [row] = await this.database.query<{ last_update_id: string }>(writeSql(expectedUpdateId !== undefined, relaxed), params);
    return row ? Number(row.last_update_id) : null;
  }

  /** Active human users' rows of a realm connected since `connectedSince` (a first fetch in the legacy format). */
  async realmRows(realmId: number, connectedSince: Date): Promise<PresenceRow[]> {
    const rows = await this.database.query<Record<string, unknown>>(
      `${SELECT_ROWS} WHERE p.realm_id = $1 AND u.is_active AND NOT u.is_bot AND p.last_connected_time >= $2 ORDER BY p.user_profile_id`,
      [realmId, connectedSince],
    );
    return rows.map(toRow);
  }

  /**
   * What changed in a realm's presence since `afterUpdateId`: every row written since (any
   * user's, so that the caller can tell bots apart), in update order, and the realm's
   * deactivated users (a deactivation writes no presence row). One statement, so both
   * are of one moment.
   */
  async changesSince(realmId: number, afterUpdateId: number): Promise<{ rows: PresenceRow[]; inactiveUserIds: number[] }> {
    const found = await this.database.query<Record<string, unknown>>(
      `SELECT ${ROW_COLUMNS}, true AS changed ${ROWS_FROM} WHERE p.realm_id = $1 AND p.last_update_id > $2
       UNION ALL
       SELECT u.id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, false
         FROM ${userProfileRelation('u')} WHERE u.realm_id = $1 AND NOT u.is_active`,
      [realmId, afterUpdateId],
    );
    const rows: PresenceRow[] = [];
    const inactiveUserIds: number[] = [];
    for (const row of found) {
      if (row.changed) rows.push(toRow(row));
      else inactiveUserIds.push(row.user_profile_id as number);
    }
    rows.sort((a, b) => a.lastUpdateId - b.lastUpdateId);
    return { rows, inactiveUserIds };
  }

  async userRow(userId: number): Promise<PresenceRow | null> {
    const [row] = await this.database.query<Record<string, unknown>>(`${SELECT_ROWS} WHERE p.user_profile_id = $1`, [userId]);
    return row ? toRow(row) : null;
  }
}

function toRow(row: Record<string, unknown>): PresenceRow {
  return {
    userId: row.user_profile_id as number,
    lastActiveTime: row.last_active_time as Date | null,
    lastConnectedTime: row.last_connected_time as Date | null,
    lastUpdateId: Number(row.last_update_id),
    dateJoined: row.date_joined as Date,
    deliveryEmail: row.delivery_email as string,
    emailAddressVisibility: row.email_address_visibility as number,
    isBot: row.is_bot as boolean,
    presenceEnabled: row.presence_enabled as boolean,
  };
}
