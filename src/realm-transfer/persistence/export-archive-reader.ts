import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { extract } from 'tar-stream';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, ArchivedFile, ArchivedTable, ArchiveRow, checkArchive, RealmArchive, RealmTransferError } from '../public/realm-archive';
import { EXPORT_ARCHIVE_FORMAT, EXPORT_ARCHIVE_VERSION } from './export-archive-writer';
import { IMPORT_REFILLS } from './export-scope';

/** Whether the file starts as gzip does (an API export's tarball), whatever its name. */
export async function isGzipFile(input: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(input, 'r');
  } catch (error) {
    throw new RealmTransferError(`cannot read ${input}: ${(error as Error).message}`);
  }
  try {
    const head = Buffer.alloc(2);
    const { bytesRead } = await handle.read(head, 0, 2, 0);
    return bytesRead === 2 && head[0] === 0x1f && head[1] === 0x8b;
  } finally {
    await handle.close();
  }
}

/** The manifest an API export ends with (see ExportArchiveWriter). */
interface ExportManifest {
  format: string;
  version: number;
  realm: { id: number; subdomain: string };
  migrations: string[];
  tables: Record<string, { columns: string[]; rows: number; files: string[] }>;
  files: number;
}

/**
 * A JSON entry (the manifest, or a batch of ROWS_PER_FILE rows) larger than this is refused
 * as it is read: a small tarball can inflate to gigabytes of zeros, which must never reach
 * memory whole.
 */
export const MAX_JSON_ENTRY_BYTES = 64 * 1024 * 1024;

/** A JSON entry's bytes, refused past MAX_JSON_ENTRY_BYTES. */
async function entryBytes(entry: AsyncIterable<unknown>, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of entry) {
    size += (chunk as Buffer).length;
    if (size > MAX_JSON_ENTRY_BYTES) throw new RealmTransferError(`the export archive's ${name} is larger than ${MAX_JSON_ENTRY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/** Where the reader writes an upload's bytes as it reads them (UploadStore.spool), and how it lets one go. */
export interface ArchiveSpool {
  spool(source: AsyncIterable<Buffer>): Promise<string>;
  discard(spooled: string): Promise<void>;
}

/**
 * Reads the tarball `POST /export/realm` writes (gunzip and untar as a stream, one entry at
 * a time) into the archive the importer takes: each table's JSON batches become its rows,
 * uploads its files, written to disk through `spool` as they are read (never held in
 * memory); the columns the export omitted (secrets) get what IMPORT_REFILLS says. A
 * corrupt tarball, another format or version, an oversized JSON entry, or a manifest its
 * entries do not match is refused before anything is imported, and what was spooled is
 * discarded.
 */
export async function readExportArchive(input: string, files: ArchiveSpool): Promise<RealmArchive> {
  const batches = new Map<string, ArchiveRow[]>();
  const uploads: ArchivedFile[] = [];
  let manifest: ExportManifest | undefined;
  const extractor = extract();
  const source = pipeline(createReadStream(input), createGunzip(), extractor);
  // Its failure (a corrupt gzip stream) surfaces in the loop below too; awaited after it.
  source.catch(() => undefined);
  try {
    try {
      for await (const entry of extractor) {
        if (entry.header.type !== 'file') {
          for await (const _chunk of entry) continue;
          continue;
        }
        const name = insideFolder(entry.header.name);
        if (name.startsWith('uploads/')) uploads.push({ key: name.slice('uploads/'.length), spooled: await files.spool(entry as AsyncIterable<Buffer>) });
        else if (name === 'manifest.json') manifest = parseJson(await entryBytes(entry, name), name) as ExportManifest;
        else if (name.startsWith('tables/')) batches.set(name, parseRows(await entryBytes(entry, name), name));
        else throw new RealmTransferError(`the export archive holds an unexpected file ${name}`);
      }
      await source;
    } catch (error) {
      if (error instanceof RealmTransferError) throw error;
      throw new RealmTransferError(`${input} is not a readable export archive: ${(error as Error).message}`);
    }
    if (!manifest) throw new RealmTransferError(`${input} has no manifest.json: not an export archive (written by POST /export/realm)`);
    return toRealmArchive(checkManifest(manifest), batches, uploads);
  } catch (error) {
    extractor.destroy();
    for (const upload of uploads) if (upload.spooled) await files.discard(upload.spooled);
    throw error;
  }
}

function checkManifest(manifest: ExportManifest): ExportManifest {
  if (manifest?.format !== EXPORT_ARCHIVE_FORMAT) throw new RealmTransferError('not an export archive (written by POST /export/realm)');
  if (manifest.version !== EXPORT_ARCHIVE_VERSION) {
    throw new RealmTransferError(`export archive version ${String(manifest.version)} is not supported (this server reads version ${EXPORT_ARCHIVE_VERSION})`);
  }
  if (!Number.isSafeInteger(manifest.realm?.id) || typeof manifest.realm.subdomain !== 'string') throw new RealmTransferError('the export archive names no realm');
  if (!manifest.tables || typeof manifest.tables !== 'object' || !Array.isArray(manifest.migrations) || typeof manifest.files !== 'number') {
    throw new RealmTransferError('the export archive\'s manifest is incomplete');
  }
  for (const [name, table] of Object.entries(manifest.tables)) {
    if (!Array.isArray(table?.columns) || !Array.isArray(table?.files) || typeof table.rows !== 'number') {
      throw new RealmTransferError(`table ${name} of the export archive's manifest is malformed`);
    }
  }
  return manifest;
}

function toRealmArchive(manifest: ExportManifest, batches: ReadonlyMap<string, ArchiveRow[]>, uploads: ArchivedFile[]): RealmArchive {
  const tables: Record<string, ArchivedTable> = {};
  for (const [name, listed] of Object.entries(manifest.tables)) {
    const rows: ArchiveRow[] = [];
    for (const file of listed.files) {
      const batch = batches.get(file);
      if (!batch) throw new RealmTransferError(`the export archive lacks ${file}`);
      rows.push(...batch);
    }
    if (rows.length !== listed.rows) throw new RealmTransferError(`the export archive's ${name} has ${rows.length} rows, its manifest says ${listed.rows}`);
    tables[name] = refill(name, { columns: [...listed.columns], rows });
  }
  if (uploads.length !== manifest.files) throw new RealmTransferError(`the export archive has ${uploads.length} files, its manifest says ${manifest.files}`);
  return checkArchive({
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    exported_at: '',
    realm: manifest.realm,
    migrations: manifest.migrations,
    tables,
    files: uploads,
  });
}

/** The omitted columns of a table, filled in: a new API key each, no password, ... */
function refill(name: string, table: ArchivedTable): ArchivedTable {
  const values = Object.entries(IMPORT_REFILLS[name] ?? {}).filter(([column]) => !table.columns.includes(column));
  for (const [column, value] of values) {
    table.columns.push(column);
    for (const row of table.rows) row[column] = value();
  }
  return table;
}

/** An entry's name below the archive's one top folder; a name that could leave it is refused. */
function insideFolder(name: string): string {
  const parts = name.split('/');
  if (parts.length < 2 || parts.some((part) => part === '..' || part === '') || name.startsWith('/')) {
    throw new RealmTransferError(`the archive holds a file of unexpected name ${name}`);
  }
  return parts.slice(1).join('/');
}

function parseJson(data: Buffer, name: string): unknown {
  try {
    return JSON.parse(data.toString('utf8'));
  } catch (error) {
    throw new RealmTransferError(`the export archive's ${name} is not JSON: ${(error as Error).message}`);
  }
}

function parseRows(data: Buffer, name: string): ArchiveRow[] {
  const rows = parseJson(data, name);
  if (!Array.isArray(rows) || rows.some((row) => row === null || typeof row !== 'object')) {
    throw new RealmTransferError(`the export archive's ${name} is not a list of rows`);
  }
  return rows as ArchiveRow[];
}
