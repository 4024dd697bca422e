/** A realm archive: one JSON document, written by `export-realm`, read by `import-realm`. */
export const ARCHIVE_FORMAT = 'team-chat-realm-archive';
export const ARCHIVE_VERSION = 1;

export type ArchiveRow = Record<string, unknown>;

export interface ArchivedTable {
  /** The table's columns when exported, in schema order. */
  columns: string[];
  /** Rows as PostgreSQL's `row_to_json` writes them (timestamps as ISO text, jsonb as JSON). */
  rows: ArchiveRow[];
}

export interface ArchivedFile {
  /** Path under `DATA_DIR/uploads`. */
  key: string;
  /** The file's bytes, base64 (the CLI's JSON archive). */
  data?: string;
  /** Where the reader of an API export spooled the file's bytes (see UploadStore.spool). */
  spooled?: string;
}

export interface RealmArchive {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  exported_at: string;
  realm: { id: number; subdomain: string };
  /** The schema's migrations when exported: an importing server needs every one of them. */
  migrations: string[];
  tables: Record<string, ArchivedTable>;
  files: ArchivedFile[];
}

/** A failure of export or import the CLI reports as it is (exit status 1). */
export class RealmTransferError extends Error {}

/** Checks the parts of a parsed archive the importer relies on. */
export function checkArchive(value: unknown): RealmArchive {
  const archive = value as Partial<RealmArchive> | null;
  if (!archive || typeof archive !== 'object' || archive.format !== ARCHIVE_FORMAT) {
    throw new RealmTransferError('not a realm archive (written by export-realm)');
  }
  if (archive.version !== ARCHIVE_VERSION) {
    throw new RealmTransferError(`archive version ${String(archive.version)} is not supported (this server reads version ${ARCHIVE_VERSION})`);
  }
  const realm = archive.realm;
  if (!realm || typeof realm.id !== 'number' || typeof realm.subdomain !== 'string') throw new RealmTransferError('the archive names no realm');
  if (!Array.isArray(archive.migrations) || !archive.tables || typeof archive.tables !== 'object' || !Array.isArray(archive.files)) {
    throw new RealmTransferError('the archive is incomplete');
  }
  for (const [name, table] of Object.entries(archive.tables)) {
    if (!Array.isArray(table?.columns) || !Array.isArray(table?.rows)) throw new RealmTransferError(`table ${name} of the archive is malformed`);
  }
  checkFileKeys(realm.id, archive.files.map((file: Partial<ArchivedFile> | null) => file?.key));
  if (archive.tables.realm?.rows.length !== 1) throw new RealmTransferError('the archive holds no realm row');
  return archive as RealmArchive;
}

/**
 * The importer writes each file under its key with the realm id renewed: a key of another
 * realm would overwrite that realm's files here, and one outside the realm's folders (the
 * upload folder's own files, such as the signing key of temporary URLs) the server's. So a
 * key is `<realm id>/...` or `files/<realm id>/...` of the archive's realm, with no empty,
 * `.` or `..` part, and no key comes twice.
 */
export function checkFileKeys(realmId: number, keys: readonly unknown[]): void {
  const own = new RegExp(`^(files/)?${realmId}/`);
  const seen = new Set<string>();
  for (const key of keys) {
    const text = String(key);
    if (typeof key !== 'string' || !own.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
      throw new RealmTransferError(`the archive's file ${text} is not of its realm`);
    }
    if (seen.has(key)) throw new RealmTransferError(`the archive holds the file ${key} twice`);
    seen.add(key);
  }
}
