import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { Role } from '../../shared/roles';
import { ExportRequestFacts, ExportStatus, ExportType, MAX_MESSAGE_HISTORY, RealmExportRecord } from '../domain/realm-exports';

interface RealmExportSqlRow {
  id: number;
  realm_id: number;
  acting_user_id: number | null;
  type: number;
  status: number;
  date_requested: Date;
  date_failed: Date | null;
  date_deleted: Date | null;
  export_path: string | null;
}

function toRecord(row: RealmExportSqlRow): RealmExportRecord {
  return {
    id: row.id,
    realmId: row.realm_id,
    actingUserId: row.acting_user_id,
    type: row.type,
    status: row.status as ExportStatus,
    dateRequested: new Date(row.date_requested),
    dateFailed: row.date_failed === null ? null : new Date(row.date_failed),
    dateDeleted: row.date_deleted === null ? null : new Date(row.date_deleted),
    exportPath: row.export_path,
  };
}

const COLUMNS = 'id, realm_id, acting_user_id, type, status, date_requested, date_failed, date_deleted, export_path';

/** Who consents to a full export (Zulip's `get_consented_user_ids`): active people with `allow_private_data_export`. */
export const CONSENTING_USERS_SQL = `SELECT id FROM user_profile
  WHERE realm_id = $1 AND is_active AND NOT is_bot AND COALESCE((settings->>'allow_private_data_export')::boolean, false)`;

/**
 * The realm_export rows: Zulip's RealmExport, read and written in the caller's transaction.
 * An UPDATE's returned rows are read through a WITH (the driver answers a bare UPDATE with
 * its row count beside them).
 */
@Injectable()
export class RealmExportStore {
  constructor(private readonly database: Database) {}

  async listInRealm(realmId: number): Promise<RealmExportRecord[]> {
    const rows = await this.database.query<RealmExportSqlRow>(`SELECT ${COLUMNS} FROM realm_export WHERE realm_id = $1 ORDER BY id`, [realmId]);
    return rows.map(toRecord);
  }

  /** Locked: a delete and the job's last step take turns on the row. */
  async lockInRealm(realmId: number, id: number): Promise<RealmExportRecord | null> {
    const [row] = await this.database.query<RealmExportSqlRow>(
      `SELECT ${COLUMNS} FROM realm_export WHERE realm_id = $1 AND id = $2 FOR UPDATE`,
      [realmId, id],
    );
    return row ? toRecord(row) : null;
  }

  /** A finished archive of the realm at `exportPath` (the download's check). */
  async succeededAt(realmId: number, exportPath: string): Promise<RealmExportRecord | null> {
    const [row] = await this.database.query<RealmExportSqlRow>(
      `SELECT ${COLUMNS} FROM realm_export WHERE realm_id = $1 AND export_path = $2 AND status = $3`,
      [realmId, exportPath, ExportStatus.Succeeded],
    );
    return row ? toRecord(row) : null;
  }

  /**
   * What `POST /export/realm` checks. Taken under a lock on the realm's row, so that two
   * requests at once cannot both pass the rate limit.
   */
  async requestFacts(realmId: number, windowStart: Date): Promise<ExportRequestFacts> {
    await this.database.query(`SELECT id FROM realm WHERE id = $1 FOR UPDATE`, [realmId]);
    const [counts] = await this.database.query<{ exports: number; messages: number; upload_bytes: string | null }>(
      `SELECT (SELECT count(*)::int FROM realm_export WHERE realm_id = $1 AND date_requested >= $2) AS exports,
              (SELECT count(*)::int FROM (SELECT 1 FROM message WHERE realm_id = $1 LIMIT $3) m) AS messages,
              (SELECT sum(size)::text FROM attachment WHERE realm_id = $1) AS upload_bytes`,
      [realmId, windowStart, MAX_MESSAGE_HISTORY + 1],
    );
    const owners = await this.database.query<{ consented: boolean; email_address_visibility: number }>(
      `SELECT COALESCE((settings->>'allow_private_data_export')::boolean, false) AS consented, email_address_visibility
         FROM user_profile WHERE realm_id = $1 AND is_active AND NOT is_bot AND role = $2`,
      [realmId, Role.Owner],
    );
    return {
      exportsInWindow: counts.exports,
      messageEstimate: counts.messages,
      uploadBytes: Number(counts.upload_bytes ?? 0),
      owners: owners.map((owner) => ({ consented: owner.consented, emailAddressVisibility: owner.email_address_visibility })),
    };
  }

  async insert(realmId: number, actingUserId: number, type: ExportType): Promise<RealmExportRecord> {
    const [row] = await this.database.query<RealmExportSqlRow>(
      `INSERT INTO realm_export (realm_id, acting_user_id, type, status, date_requested) VALUES ($1, $2, $3, $4, now()) RETURNING ${COLUMNS}`,
      [realmId, actingUserId, type, ExportStatus.Requested],
    );
    return toRecord(row);
  }

  /**
   * Whether any export is requested or being written: one read of the partial index on
   * unfinished exports, outside any transaction, so that the runner's sweeps cost next to
   * nothing in the usual case of no export at all.
   */
  async anyUnfinished(): Promise<boolean> {
    const rows = await this.database.query<{ open: number }>(
      `SELECT 1 AS open FROM realm_export WHERE status IN ($1, $2) LIMIT 1`,
      [ExportStatus.Requested, ExportStatus.Started],
    );
    return rows.length > 0;
  }

  /**
   * Takes the oldest requested export for this process (`SKIP LOCKED`: processes claiming
   * together take different rows) and marks it started.
   */
  async claimRequested(): Promise<RealmExportRecord | null> {
    const [row] = await this.database.query<RealmExportSqlRow>(
      `WITH claimed AS (
         UPDATE realm_export SET status = $1, date_started = now(), heartbeat_at = now()
          WHERE id = (SELECT id FROM realm_export WHERE status = $2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING ${COLUMNS})
       SELECT * FROM claimed`,
      [ExportStatus.Started, ExportStatus.Requested],
    );
    return row ? toRecord(row) : null;
  }

  /** Where the started export's archive is being written: a process that dies leaves its folder to be removed. */
  async recordPath(id: number, exportPath: string): Promise<void> {
    await this.database.query(`UPDATE realm_export SET export_path = $2 WHERE id = $1 AND status = $3`, [id, exportPath, ExportStatus.Started]);
  }

  /** The running job is alive: its row is not taken for one a dead process left. */
  async heartbeat(id: number): Promise<void> {
    await this.database.query(`UPDATE realm_export SET heartbeat_at = now() WHERE id = $1 AND status = $2`, [id, ExportStatus.Started]);
  }

  /** Whether the row is still this job's (started); the written archive is then recorded. */
  async markSucceeded(id: number, archive: { exportPath: string; sha256: string; bytes: number; stats: Record<string, unknown> }): Promise<boolean> {
    const rows = await this.database.query(
      `WITH done AS (
         UPDATE realm_export SET status = $2, date_succeeded = now(), export_path = $3, sha256sum_hex = $4, tarball_size_bytes = $5, stats = $6
          WHERE id = $1 AND status = $7 RETURNING id)
       SELECT id FROM done`,
      [id, ExportStatus.Succeeded, archive.exportPath, archive.sha256, archive.bytes, JSON.stringify(archive.stats), ExportStatus.Started],
    );
    return rows.length > 0;
  }

  async markFailed(id: number): Promise<RealmExportRecord | null> {
    const [row] = await this.database.query<RealmExportSqlRow>(
      `WITH failed AS (UPDATE realm_export SET status = $2, date_failed = now() WHERE id = $1 AND status IN ($3, $4) RETURNING ${COLUMNS})
       SELECT * FROM failed`,
      [id, ExportStatus.Failed, ExportStatus.Requested, ExportStatus.Started],
    );
    return row ? toRecord(row) : null;
  }

  /**
   * Started exports whose job stopped beating `staleSeconds` ago (its process died), other
   * than those this process runs: failed, as Zulip fails an export its queue hands out again.
   */
  async failAbandoned(staleSeconds: number, runningHere: readonly number[]): Promise<{ realmIds: number[]; exportPaths: string[] }> {
    const rows = await this.database.query<{ realm_id: number; export_path: string | null }>(
      `WITH failed AS (
         UPDATE realm_export SET status = $1, date_failed = now()
          WHERE status = $2 AND heartbeat_at < now() - make_interval(secs => $3) AND NOT (id = ANY($4::int[]))
          RETURNING realm_id, export_path)
       SELECT realm_id, export_path FROM failed`,
      [ExportStatus.Failed, ExportStatus.Started, staleSeconds, runningHere],
    );
    return {
      realmIds: [...new Set(rows.map((row) => row.realm_id))],
      exportPaths: rows.flatMap((row) => (row.export_path === null ? [] : [row.export_path])),
    };
  }

  async markDeleted(id: number): Promise<void> {
    await this.database.query(`UPDATE realm_export SET status = $2, date_deleted = now() WHERE id = $1`, [id, ExportStatus.Deleted]);
  }

  /** Zulip's `get_users_export_consents`: the realm's active people, by id. */
  async consents(realmId: number): Promise<{ user_id: number; consented: boolean }[]> {
    return this.database.query<{ user_id: number; consented: boolean }>(
      `SELECT id AS user_id, COALESCE((settings->>'allow_private_data_export')::boolean, false) AS consented
         FROM user_profile WHERE realm_id = $1 AND is_active AND NOT is_bot ORDER BY id`,
      [realmId],
    );
  }
}
