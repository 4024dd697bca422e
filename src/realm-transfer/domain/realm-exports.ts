import { ApiError } from '../../shared/api-error';

/** Zulip's RealmExport types: the API offers the first two (the third is the CLI's). */
export enum ExportType {
  Public = 1,
  FullWithConsent = 2,
}

export const API_EXPORT_TYPES: readonly number[] = [ExportType.Public, ExportType.FullWithConsent];

/** Zulip's RealmExport statuses. */
export enum ExportStatus {
  Requested = 1,
  Started = 2,
  Succeeded = 3,
  Failed = 4,
  Deleted = 5,
}

/** Zulip's `export_realm` view: at most this many exports per realm in EXPORT_LIMIT_WINDOW_MS. */
export const EXPORT_LIMIT = 5;
export const EXPORT_LIMIT_WINDOW_MS = 7 * 24 * 3600 * 1000;
/** Larger organizations are exported by the server's administrator (the CLI), as in Zulip. */
export const MAX_MESSAGE_HISTORY = 250_000;
export const MAX_UPLOAD_QUOTA_BYTES = 20 * 1024 ** 3;

/** Zulip's email_address_visibility values under which administrators see the address (everyone, members, admins, moderators). */
const VISIBLE_TO_ADMINS: readonly number[] = [1, 2, 3, 5];

/** One realm_export row, as the module reads it. */
export interface RealmExportRecord {
  id: number;
  realmId: number;
  actingUserId: number | null;
  type: number;
  status: ExportStatus;
  dateRequested: Date;
  dateFailed: Date | null;
  dateDeleted: Date | null;
  exportPath: string | null;
}

/** Zulip's RealmExport schema (`GET /export/realm`, the `realm_export` event). */
export interface RealmExportWire {
  id: number;
  acting_user_id: number;
  export_time: number;
  deleted_timestamp: number | null;
  failed_timestamp: number | null;
  export_url: string | null;
  pending: boolean;
  export_type: number;
}

const seconds = (date: Date): number => date.getTime() / 1000;

/**
 * Zulip's `get_realm_exports_serialized`: every export with an acting user, by id; the URL
 * only while the archive is there (succeeded, not deleted).
 */
export function realmExportsWire(rows: readonly RealmExportRecord[], urlOf: (exportPath: string) => string): RealmExportWire[] {
  return rows
    .filter((row) => row.actingUserId !== null)
    .sort((a, b) => a.id - b.id)
    .map((row) => ({
      id: row.id,
      acting_user_id: row.actingUserId as number,
      export_time: seconds(row.dateRequested),
      deleted_timestamp: row.dateDeleted ? seconds(row.dateDeleted) : null,
      failed_timestamp: row.dateFailed ? seconds(row.dateFailed) : null,
      export_url: row.status === ExportStatus.Succeeded && row.exportPath !== null ? urlOf(row.exportPath) : null,
      pending: row.status === ExportStatus.Requested || row.status === ExportStatus.Started,
      export_type: row.type,
    }));
}

/** What `POST /export/realm` checks about the realm before it records the request. */
export interface ExportRequestFacts {
  exportsInWindow: number;
  messageEstimate: number;
  uploadBytes: number;
  /** Active owners: whether each consents and lets administrators see their address. */
  owners: readonly { consented: boolean; emailAddressVisibility: number }[];
}

/**
 * Zulip's `export_realm` view, in its order: the rate limit, the size limits (`support` is
 * the server administrator's address), then whether an owner could sign in to the result.
 */
export function checkExportRequest(type: ExportType, facts: ExportRequestFacts, support: string): void {
  if (facts.exportsInWindow >= EXPORT_LIMIT) throw ApiError.badRequest('Exceeded rate limit.');
  if (facts.messageEstimate > MAX_MESSAGE_HISTORY || facts.uploadBytes > MAX_UPLOAD_QUOTA_BYTES) {
    throw ApiError.badRequest(`Please request a manual export from ${support}.`);
  }
  if (type === ExportType.FullWithConsent && !facts.owners.some((owner) => owner.consented)) {
    throw ApiError.badRequest(`Make sure at least one Organization Owner is consenting to the export or contact ${support} for help.`);
  }
  if (type === ExportType.Public && !facts.owners.some((owner) => VISIBLE_TO_ADMINS.includes(owner.emailAddressVisibility))) {
    throw ApiError.badRequest(
      `Make sure at least one Organization Owner allows other Administrators to see their email address or contact ${support} for help`,
    );
  }
}

/** Zulip's `delete_realm_export` view: only a finished archive is deleted. */
export function checkDeletable(row: RealmExportRecord | null): RealmExportRecord {
  if (!row) throw ApiError.badRequest('Invalid data export ID');
  if (row.status === ExportStatus.Deleted) throw ApiError.badRequest('Export already deleted');
  if (row.status === ExportStatus.Failed) throw ApiError.badRequest('Export failed, nothing to delete');
  if (row.status === ExportStatus.Requested || row.status === ExportStatus.Started) throw ApiError.badRequest('Export still in progress');
  return row;
}

/** The notification bot's note to whoever asked, once the archive is written (Zulip's words). */
export const EXPORT_COMPLETE_NOTICE = 'Your data export is complete. [View and download exports](/#organization/data-exports-admin).';

/** The archive's file name: Zulip's `zulip-export-<random>.tar.gz`, with the realm's subdomain for whoever keeps several. */
export function tarballName(subdomain: string, random: string): string {
  return `zulip-export-${subdomain === '' ? 'root' : subdomain}-${random}.tar.gz`;
}

/** Where an export's archive is served: `/user_avatars/exports/<realm id>/<random>/<file>`, as Zulip's local uploads do. */
export function exportUrlPath(exportPath: string): string {
  return `/user_avatars/exports/${exportPath}`;
}

/** `exports/<path>` as the download route receives it: the realm's id, a random folder and a file name, nothing else. */
export function parseExportPath(wildcard: string): { realmId: number; exportPath: string } | null {
  const parts = wildcard.split('/');
  if (parts.length !== 3 || !/^\d+$/.test(parts[0]) || !/^[A-Za-z0-9_-]+$/.test(parts[1]) || !/^[A-Za-z0-9_.-]+\.tar\.gz$/.test(parts[2])) {
    return null;
  }
  return { realmId: Number(parts[0]), exportPath: wildcard };
}
