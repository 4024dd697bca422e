import { Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import * as path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { pack as tarPack, Pack } from 'tar-stream';
import { StorageSettings } from '../../platform/config/settings';
import { Database } from '../../platform/database/database';
import { UploadStore } from '../../platform/storage/upload-store';
import { ARCHIVE_TABLES, catalogGaps } from './archive-tables';
import { ExportType, tarballName } from '../domain/realm-exports';
import { RealmTransferError } from '../public/realm-archive';
import { exportScopeGaps, scopedSelect } from './export-scope';
import { schemaForeignKeys, schemaTables, tableColumns } from './schema-catalog';

/** The archive of an API export: a tarball of JSON files, as Zulip's, in our own table layout. */
export const EXPORT_ARCHIVE_FORMAT = 'team-chat-realm-export';
export const EXPORT_ARCHIVE_VERSION = 1;
/** Rows per JSON file: what is held in memory at once (Zulip writes messages 1,000 to a file). */
export const ROWS_PER_FILE = 1000;

export interface WrittenArchive {
  exportPath: string;
  sha256: string;
  bytes: number;
  stats: Record<string, unknown>;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

/**
 * Writes one realm's export archive as a stream: each table is read through a cursor in
 * one read-only snapshot, ROWS_PER_FILE rows at a time, each batch a JSON file handed to a
 * tar stream that gzip compresses to disk; then the files (message uploads the exported
 * messages link, avatars, custom emoji), one at a time. Nothing holds the whole archive.
 * Archives live under `DATA_DIR/exports/<realm id>/<random>/`, apart from the uploads
 * served at `/user_avatars`, and are read back only through the export download route.
 */
@Injectable()
export class ExportArchiveWriter {
  constructor(
    private readonly database: Database,
    private readonly uploads: UploadStore,
    private readonly storage: StorageSettings,
  ) {}

  private get root(): string {
    return path.join(this.storage.dataDir, 'exports');
  }

  /** The archive's file, or null when the path would leave the exports folder. */
  fileOf(exportPath: string): string | null {
    const file = path.resolve(this.root, exportPath);
    return file.startsWith(this.root + path.sep) ? file : null;
  }

  /** The archive as a stream, with its size; null when it is gone. */
  async open(exportPath: string): Promise<{ stream: ReadStream; size: number } | null> {
    const file = this.fileOf(exportPath);
    if (!file) return null;
    try {
      const { size } = await stat(file);
      return { stream: createReadStream(file), size };
    } catch {
      return null;
    }
  }

  /** Removes an archive and its folder (Zulip's delete_export_tarball). */
  async remove(exportPath: string): Promise<void> {
    const file = this.fileOf(exportPath);
    if (file) await rm(path.dirname(file), { recursive: true, force: true });
  }

  /** Where a new archive of the realm goes: `<realm id>/<random folder>/<file>` under the exports folder. */
  newPath(realm: { id: number; subdomain: string }): string {
    if (!Number.isSafeInteger(realm.id)) throw new RealmTransferError(`bad realm id ${realm.id}`);
    return `${realm.id}/${randomBytes(18).toString('base64url')}/${tarballName(realm.subdomain, randomBytes(6).toString('hex'))}`;
  }

  /** Writes the archive at `exportPath` (from newPath); on failure nothing is left there. */
  async write(realm: { id: number; subdomain: string }, type: ExportType, exportPath: string): Promise<WrittenArchive> {
    const file = this.fileOf(exportPath);
    if (!file || !exportPath.startsWith(`${realm.id}/`)) throw new RealmTransferError(`bad export path ${exportPath}`);
    const name = path.basename(file);
    const partial = `${file}.partial`;
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });

    const tar = tarPack();
    const hash = createHash('sha256');
    let bytes = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        hash.update(chunk);
        bytes += chunk.length;
        done(null, chunk);
      },
    });
    const written = pipeline(tar, createGzip(), tap, createWriteStream(partial, { mode: 0o600, flags: 'wx' }));
    // The pipeline's failure (a full disk) surfaces through `written`; the entries' own errors through `entry`.
    written.catch(() => undefined);
    const folder = name.replace(/\.tar\.gz$/, '');
    const entry = (entryName: string, data: Buffer) => addEntry(tar, `${folder}/${entryName}`, data);

    try {
      const { tables, pathIds, migrations } = await this.database.readOnlySnapshot(() => this.tables(realm.id, type, entry));
      // Files are written once under fresh names, so reading them after the snapshot finds
      // every file its rows name (as the CLI export does).
      const keys = [...pathIds.map((pathId) => `files/${pathId}`), ...(await this.uploads.keysUnder(String(realm.id)))];
      let files = 0;
      for (const key of keys) {
        const data = await this.uploads.get(key);
        if (!data) continue;
        await entry(`uploads/${key}`, data);
        files++;
      }
      const stats = { tables: Object.fromEntries(Object.entries(tables).map(([table, info]) => [table, info.rows])), files };
      const manifest = {
        format: EXPORT_ARCHIVE_FORMAT,
        version: EXPORT_ARCHIVE_VERSION,
        export_type: type,
        exported_at: new Date().toISOString(),
        realm: { id: realm.id, subdomain: realm.subdomain },
        migrations,
        tables,
        files,
      };
      await entry('manifest.json', Buffer.from(JSON.stringify(manifest, null, 2)));
      tar.finalize();
      await written;
      await rename(partial, file);
      return { exportPath, sha256: hash.digest('hex'), bytes, stats };
    } catch (error) {
      tar.destroy(error as Error);
      await written.catch(() => undefined);
      await rm(path.dirname(file), { recursive: true, force: true });
      throw error;
    }
  }

  /** Inside the snapshot: every table's rows in files of ROWS_PER_FILE, and the uploads the exported messages link. */
  private async tables(
    realmId: number,
    type: ExportType,
    entry: (name: string, data: Buffer) => Promise<void>,
  ): Promise<{ tables: Record<string, { columns: string[]; rows: number; files: string[] }>; pathIds: string[]; migrations: string[] }> {
    const gaps = [
      ...catalogGaps(await schemaTables(this.database), await schemaForeignKeys(this.database)),
      ...exportScopeGaps().map((table) => `an export scope for table ${table}`),
    ];
    if (gaps.length > 0) throw new RealmTransferError(`the export catalog misses ${gaps.join(', ')}`);
    const tables: Record<string, { columns: string[]; rows: number; files: string[] }> = {};
    const pathIds: string[] = [];
    for (const table of ARCHIVE_TABLES) {
      const scoped = scopedSelect(table, type);
      if (!scoped) continue;
      if (!scoped.omit.every((column) => IDENTIFIER.test(column))) throw new RealmTransferError(`bad column name in ${table.name}'s scope`);
      const columns = (await tableColumns(this.database, table.name)).filter((column) => !scoped.omit.includes(column));
      const omitted = scoped.omit.length === 0 ? '' : ` - '{${scoped.omit.join(',')}}'::text[]`;
      // A cursor takes no bound parameters: the realm's id is an integer of ours, written in.
      const select = scoped.select.replaceAll('$1', String(realmId));
      await this.database.query(`DECLARE export_rows NO SCROLL CURSOR FOR SELECT to_jsonb(t)${omitted} AS row FROM (${select}) t`);
      const info = { columns, rows: 0, files: [] as string[] };
      for (let part = 1; ; part++) {
        const batch = await this.database.query<{ row: Record<string, unknown> }>(`FETCH ${ROWS_PER_FILE} FROM export_rows`);
        if (batch.length === 0) break;
        const rows = batch.map((item) => item.row);
        if (table.name === 'attachment') pathIds.push(...rows.map((row) => String(row.path_id)));
        const fileName = `tables/${table.name}/${String(part).padStart(6, '0')}.json`;
        await entry(fileName, Buffer.from(JSON.stringify(rows)));
        info.files.push(fileName);
        info.rows += rows.length;
        if (batch.length < ROWS_PER_FILE) break;
      }
      // Not in a `finally`: after a failed statement the transaction is over, and so is the cursor.
      await this.database.query(`CLOSE export_rows`);
      tables[table.name] = info;
    }
    const migrations = (await this.database.query<{ name: string }>(`SELECT name FROM typeorm_migrations ORDER BY id`)).map((row) => row.name);
    return { tables, pathIds, migrations };
  }
}

/** Adds one file to the tarball; resolves once the tar stream took it (its backpressure holds the next). */
function addEntry(tar: Pack, name: string, data: Buffer): Promise<void> {
  return new Promise((resolve, reject) => {
    tar.entry({ name, size: data.length, mode: 0o600, mtime: new Date() }, data, (error) => (error ? reject(error) : resolve()));
  });
}
