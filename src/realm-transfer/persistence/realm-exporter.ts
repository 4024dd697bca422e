import { Injectable } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { rename, rm, writeFile } from 'node:fs/promises';
import { Database } from '../../platform/database/database';
import { UploadStore } from '../../platform/storage/upload-store';
import { ARCHIVE_TABLES, catalogGaps } from './archive-tables';
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, ArchivedFile, ArchivedTable, RealmArchive, RealmTransferError } from '../public/realm-archive';
import { schemaForeignKeys, schemaTables, tableColumns } from './schema-catalog';

export interface ExportSummary {
  realm_id: number;
  subdomain: string;
  output: string;
  rows: Record<string, number>;
  files: number;
  bytes: number;
}

/**
 * `export-realm`: one realm's rows of every realm-scoped table, read in one REPEATABLE
 * READ transaction (a consistent snapshot while the server keeps serving), and its files.
 */
@Injectable()
export class RealmExporter {
  constructor(
    private readonly database: Database,
    private readonly store: UploadStore,
  ) {}

  /** `output` is an absolute path; an existing file is never overwritten. */
  async export(subdomain: string, output: string): Promise<ExportSummary> {
    if (existsSync(output)) throw new RealmTransferError(`${output} exists already`);
    const archive = await this.database.readOnlySnapshot(() => this.snapshot(subdomain));
    // Files are written once under fresh names (an avatar is replaced by a rename), so
    // reading them after the snapshot finds every file its rows name.
    archive.files = await this.files(archive.realm.id);
    const text = JSON.stringify(archive);
    const partial = `${output}.${process.pid}.partial`;
    try {
      await writeFile(partial, text, { mode: 0o600 });
      await rename(partial, output);
    } catch (error) {
      await rm(partial, { force: true });
      throw new RealmTransferError(`cannot write ${output}: ${(error as Error).message}`);
    }
    return {
      realm_id: archive.realm.id,
      subdomain,
      output,
      rows: Object.fromEntries(Object.entries(archive.tables).map(([name, table]) => [name, table.rows.length])),
      files: archive.files.length,
      bytes: Buffer.byteLength(text),
    };
  }

  private async snapshot(subdomain: string): Promise<RealmArchive> {
    const gaps = catalogGaps(await schemaTables(this.database), await schemaForeignKeys(this.database));
    if (gaps.length > 0) {
      throw new RealmTransferError(`the export catalog (src/realm-transfer/persistence/archive-tables.ts) misses ${gaps.join(', ')}`);
    }
    const [realm] = (await this.database.query(`SELECT id FROM realm WHERE string_id = $1`, [subdomain])) as { id: number }[];
    if (!realm) throw new RealmTransferError(`no realm with subdomain '${subdomain}'`);
    const tables: Record<string, ArchivedTable> = {};
    for (const table of ARCHIVE_TABLES) {
      const rows = (await this.database.query(`SELECT row_to_json(t) AS row FROM (${table.select}) t`, [realm.id])) as { row: Record<string, unknown> }[];
      tables[table.name] = { columns: await tableColumns(this.database, table.name), rows: rows.map((entry) => entry.row) };
    }
    const migrations = (await this.database.query(`SELECT name FROM typeorm_migrations ORDER BY id`)) as { name: string }[];
    return {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      exported_at: new Date().toISOString(),
      realm: { id: realm.id, subdomain },
      migrations: migrations.map((row) => row.name),
      tables,
      files: [],
    };
  }

  /** Message uploads (`files/<realm id>/`), custom emoji and avatars (`<realm id>/`). */
  private async files(realmId: number): Promise<ArchivedFile[]> {
    const keys = [...(await this.store.keysUnder(`files/${realmId}`)), ...(await this.store.keysUnder(String(realmId)))];
    const files: ArchivedFile[] = [];
    for (const key of keys) {
      const data = await this.store.get(key);
      if (data) files.push({ key, data: data.toString('base64') });
    }
    return files;
  }
}
