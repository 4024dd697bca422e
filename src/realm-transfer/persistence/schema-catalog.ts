import { ForeignKey } from './archive-tables';

/** A connection or transaction to read the schema through. */
export interface SqlRunner {
  query(sql: string, params?: unknown[]): Promise<unknown>;
}

/** The base tables of the schema the server uses. */
export async function schemaTables(db: SqlRunner): Promise<string[]> {
  const rows = (await db.query(
    `SELECT table_name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )) as { table_name: string }[];
  return rows.map((row) => row.table_name);
}

/** Every single-column foreign key of the schema. */
export async function schemaForeignKeys(db: SqlRunner): Promise<ForeignKey[]> {
  return (await db.query(
    `SELECT c.conrelid::regclass::text AS table, a.attname AS column, c.confrelid::regclass::text AS target
       FROM pg_constraint c
       JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = ANY (c.conkey)
      WHERE c.contype = 'f' AND c.connamespace = current_schema()::regnamespace
      ORDER BY 1, 2`,
  )) as ForeignKey[];
}

export async function tableColumns(db: SqlRunner, table: string): Promise<string[]> {
  const rows = (await db.query(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
    [table],
  )) as { column_name: string }[];
  return rows.map((row) => row.column_name);
}
