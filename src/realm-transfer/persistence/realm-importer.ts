import { Injectable } from '@nestjs/common';
import { readFile } from 'node:fs/promises';
import { Database } from '../../platform/database/database';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { UploadStore } from '../../platform/storage/upload-store';
import { ARCHIVE_TABLES, ArchiveTable } from './archive-tables';
import { IdMaps, IdRewriter } from '../domain/id-rewriting';
import { ArchiveRow, checkArchive, RealmArchive, RealmTransferError } from '../public/realm-archive';
import { isGzipFile, readExportArchive } from './export-archive-reader';
import { schemaForeignKeys, tableColumns } from './schema-catalog';

export interface ImportSummary {
  realm_id: number;
  subdomain: string;
  rows: Record<string, number>;
  files: number;
}

/** Rows per INSERT: one JSON parameter each, well under the protocol's limits. */
const INSERT_CHUNK = 2000;

/** A column import fills in once every row exists: its foreign key points at a later table or its own. */
interface LateValue {
  table: string;
  column: string;
  id: number;
  value: number;
}

/**
 * `import-realm`: an archive's realm into this server, which must not have a realm of that
 * subdomain. One transaction; every row gets a new id from its table's sequence (so the
 * sequences stay ahead of every id), ids inside values follow (see IdRewriter), and the
 * files are written under the new realm's paths, removed again if the transaction fails.
 */
@Injectable()
export class RealmImporter {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly database: Database,
    private readonly store: UploadStore,
  ) {}

  /**
   * `input` is an absolute path: the CLI's JSON archive, or an API export's tarball (told
   * apart by its first bytes, not its name). The tarball is read whole before the
   * transaction starts, its uploads spooled to disk, so a corrupt one changes nothing. A
   * failed import removes the files it wrote, and only those: it never writes over a file
   * that exists.
   */
  async import(input: string): Promise<ImportSummary> {
    const partial = await isGzipFile(input);
    const archive = partial ? await readExportArchive(input, this.store) : await this.read(input);
    const written: string[] = [];
    try {
      return await this.tx.run(() => this.importInto(archive, written, partial));
    } catch (error) {
      for (const key of written) await this.store.remove(key);
      for (const file of archive.files) if (file.spooled) await this.store.discard(file.spooled);
      if ((error as { code?: string }).code === '23505' && (error as { constraint?: string }).constraint === 'realm_string_id_key') {
        throw alreadyExists(archive.realm.subdomain);
      }
      // A column that must point somewhere, at a row the archive left out (see prepare).
      const failed = error as { code?: string; table?: string; column?: string };
      if (failed.code === '23502' && failed.table && failed.column) {
        throw new RealmTransferError(`the archive leaves ${failed.table}.${failed.column} empty, which this server requires (a row it points at is not in the archive)`);
      }
      throw error;
    }
  }

  private async read(input: string): Promise<RealmArchive> {
    let text: string;
    try {
      text = await readFile(input, 'utf8');
    } catch (error) {
      throw new RealmTransferError(`cannot read ${input}: ${(error as Error).message}`);
    }
    try {
      const archive = checkArchive(JSON.parse(text));
      // Spooled files are the tarball reader's: a JSON archive holds its files' bytes.
      const bad = archive.files.find((file) => typeof file.data !== 'string' || file.spooled !== undefined);
      if (bad) throw new RealmTransferError(`the archive's file ${bad.key} holds no base64 data`);
      return archive;
    } catch (error) {
      if (error instanceof RealmTransferError) throw error;
      throw new RealmTransferError(`${input} is not JSON: ${(error as Error).message}`);
    }
  }

  /** `partial`: an API export, which holds some tables' rows only (see export-scope.ts). */
  private async importInto(archive: RealmArchive, written: string[], partial: boolean): Promise<ImportSummary> {
    await this.checkTarget(archive);
    const maps = await this.allocateIds(archive);
    const realmId = mapped(maps, 'realm', archive.realm.id);
    const rewriter = new IdRewriter(maps, archive.realm.id, realmId);
    const index = indexArchive(archive);
    const foreignKeys = await schemaForeignKeys(this.database);
    const constrained = new Set(foreignKeys.map((key) => `${key.table}.${key.column}`));
    const late = lateColumns(foreignKeys);
    const lateValues: LateValue[] = [];
    const rows: Record<string, number> = {};
    for (const table of ARCHIVE_TABLES) {
      const archived = archive.tables[table.name];
      if (!archived) continue;
      const columns = { constrained, late, partial };
      const prepared = archived.rows.map((row) => this.prepare(table, row, maps, rewriter, index, columns, lateValues));
      await this.insert(table.name, archived.columns, prepared);
      rows[table.name] = prepared.length;
    }
    for (const value of lateValues) {
      await this.database.query(`UPDATE ${value.table} SET ${value.column} = $2 WHERE id = $1`, [value.id, value.value]);
    }
    const avatarKeys = rewriter.avatarKeys((archive.tables.user_profile?.rows ?? []).map((row) => Number(row.id)));
    for (const file of archive.files) {
      const key = rewriter.fileKey(file.key, avatarKeys);
      if (await this.store.exists(key)) throw new RealmTransferError(`the archive's file ${file.key} would replace ${key}, which exists here`);
      if (file.spooled !== undefined) await this.store.adopt(file.spooled, key);
      else await this.store.put(key, Buffer.from(file.data ?? '', 'base64'));
      written.push(key);
    }
    return { realm_id: realmId, subdomain: archive.realm.subdomain, rows, files: archive.files.length };
  }

  /** The realm is new here, the schema has every migration the archive's had, and no table is unknown. */
  private async checkTarget(archive: RealmArchive): Promise<void> {
    const existing = (await this.database.query(`SELECT id FROM realm WHERE string_id = $1`, [archive.realm.subdomain])) as unknown[];
    if (existing.length > 0) throw alreadyExists(archive.realm.subdomain);
    const applied = new Set(((await this.database.query(`SELECT name FROM typeorm_migrations`)) as { name: string }[]).map((row) => row.name));
    const missing = archive.migrations.filter((name) => !applied.has(name));
    if (missing.length > 0) throw new RealmTransferError(`the archive comes from a newer schema: this server lacks ${missing.join(', ')}`);
    for (const [name, table] of Object.entries(archive.tables)) {
      if (!ARCHIVE_TABLES.some((known) => known.name === name)) throw new RealmTransferError(`the archive holds an unknown table ${name}`);
      const columns = new Set(await tableColumns(this.database, name));
      const unknown = table.columns.find((column) => !columns.has(column));
      if (unknown !== undefined) throw new RealmTransferError(`the archive's ${name}.${unknown} has no column here`);
    }
  }

  /** New ids from each table's sequence, handed out in the old ids' order (message order stays). */
  private async allocateIds(archive: RealmArchive): Promise<IdMaps> {
    const maps = new Map<string, Map<number, number>>();
    for (const table of ARCHIVE_TABLES) {
      if (!table.renumbered) continue;
      const oldIds = (archive.tables[table.name]?.rows ?? []).map((row) => Number(row.id)).sort((a, b) => a - b);
      const fresh = (await this.database.query(
        `SELECT nextval(pg_get_serial_sequence($1, 'id'))::int AS id FROM generate_series(1, $2::int)`,
        [table.name, oldIds.length],
      )) as { id: number }[];
      const newIds = fresh.map((row) => row.id).sort((a, b) => a - b);
      maps.set(table.name, new Map(oldIds.map((old, index) => [old, newIds[index]])));
    }
    return maps;
  }

  private prepare(
    table: ArchiveTable,
    row: ArchiveRow,
    maps: IdMaps,
    rewriter: IdRewriter,
    index: ArchiveIndex,
    columns: { constrained: ReadonlySet<string>; late: ReadonlySet<string>; partial: boolean },
    lateValues: LateValue[],
  ): ArchiveRow {
    const prepared: ArchiveRow = { ...row };
    if (table.renumbered) prepared.id = mapped(maps, table.name, Number(row.id));
    for (const [column, ref] of Object.entries(table.refs)) {
      const value = row[column];
      if (value === null || value === undefined) continue;
      const target = typeof ref === 'string' ? ref : ref(row);
      const name = `${table.name}.${column}`;
      // Without a foreign key a stale id can be left behind (a channel's first message
      // deleted): it points at nothing here either. An API export leaves rows out (a
      // private channel's messages, another member's scheduled messages): what points at
      // one of them points at nothing too (a NOT NULL column refuses that, clearly).
      if ((columns.partial || !columns.constrained.has(name)) && maps.get(target)?.get(Number(value)) === undefined) {
        prepared[column] = null;
        continue;
      }
      const newValue = mapped(maps, target, Number(value), name);
      if (columns.late.has(name)) {
        prepared[column] = null;
        lateValues.push({ table: table.name, column, id: prepared.id as number, value: newValue });
      } else {
        prepared[column] = newValue;
      }
    }
    rewriteValues(table.name, row, prepared, rewriter, index);
    return prepared;
  }

  private async insert(table: string, columns: readonly string[], rows: readonly ArchiveRow[]): Promise<void> {
    const list = columns.map((column) => `"${column}"`).join(', ');
    for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
      const chunk = rows.slice(start, start + INSERT_CHUNK);
      await this.database.query(`INSERT INTO ${table} (${list}) SELECT ${list} FROM json_populate_recordset(NULL::${table}, $1::json)`, [
        JSON.stringify(chunk),
      ]);
    }
  }
}

/** What rewriting one row needs to know of others: profile field types, group DM members. */
interface ArchiveIndex {
  fieldTypes: Map<unknown, number>;
  membersByRecipient: Map<unknown, number[]>;
}

function indexArchive(archive: RealmArchive): ArchiveIndex {
  const fieldTypes = new Map((archive.tables.custom_profile_field?.rows ?? []).map((row) => [row.id, Number(row.field_type)]));
  const membersByRecipient = new Map<unknown, number[]>();
  for (const row of archive.tables.subscription?.rows ?? []) {
    const members = membersByRecipient.get(row.recipient_id) ?? [];
    members.push(Number(row.user_profile_id));
    membersByRecipient.set(row.recipient_id, members);
  }
  return { fieldTypes, membersByRecipient };
}

/** Ids written inside values rather than in id columns. */
function rewriteValues(table: string, row: ArchiveRow, prepared: ArchiveRow, rewriter: IdRewriter, index: ArchiveIndex): void {
  const text = (column: string): void => {
    if (typeof row[column] === 'string') prepared[column] = rewriter.text(row[column]);
  };
  switch (table) {
    case 'message':
      text('content');
      text('rendered_content');
      prepared.edit_history = rewriter.editHistory(row.edit_history);
      break;
    case 'stream':
      text('description');
      text('rendered_description');
      break;
    case 'draft':
      text('content');
      break;
    case 'attachment':
      prepared.path_id = rewriter.pathId(String(row.path_id));
      break;
    case 'custom_profile_field_value':
      prepared.value = rewriter.profileFieldValue(String(row.value), index.fieldTypes.get(row.field_id) ?? 0);
      text('rendered_value');
      break;
    case 'reaction':
    case 'user_status':
      prepared.emoji_code = rewriter.emojiCode(String(row.emoji_code), String(row.reaction_type));
      break;
    case 'direct_message_group':
      prepared.huddle_hash = rewriter.directMessageGroupHash(index.membersByRecipient.get(row.recipient_id) ?? []);
      break;
  }
}

/** Foreign-key columns whose target is inserted later than their table, or is their table. */
function lateColumns(foreignKeys: readonly { table: string; column: string; target: string }[]): Set<string> {
  const order = new Map(ARCHIVE_TABLES.map((table, index) => [table.name, index]));
  const late = new Set<string>();
  for (const key of foreignKeys) {
    const from = order.get(key.table);
    const to = order.get(key.target);
    if (from !== undefined && to !== undefined && to >= from) late.add(`${key.table}.${key.column}`);
  }
  return late;
}

function mapped(maps: IdMaps, table: string, old: number, column = table): number {
  const id = maps.get(table)?.get(old);
  if (id === undefined) throw new RealmTransferError(`${column} points at ${table} ${old}, which the archive does not hold`);
  return id;
}

function alreadyExists(subdomain: string): RealmTransferError {
  return new RealmTransferError(`this server has a realm with subdomain '${subdomain}' already`);
}
