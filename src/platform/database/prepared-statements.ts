import { escapeLiteral } from 'pg';
import { prepareValue } from 'pg/lib/utils';
import { DataSource } from 'typeorm';

/** What node-postgres answers for one statement. */
interface PgResult {
  command: string;
  rows: unknown[];
  rowCount: number | null;
}

/** The part of a node-postgres client (or pool) that runs a statement. */
export interface PgQueryTarget {
  query(config: { name?: string; text: string; values?: unknown[] }): Promise<PgResult>;
}

/**
 * Statement texts this process prepares by name, each once per connection: PostgreSQL then
 * plans a statement once per session instead of on every call (a simple lookup spent four
 * times as long being planned as being run). Bounded, so SQL built with a varying number
 * of placeholders cannot grow every session's statement list without end; past the bound,
 * statements run unnamed.
 */
const names = new Map<string, string>();
const MAX_NAMED_STATEMENTS = 400;

function statementName(sql: string): string | undefined {
  let name = names.get(sql);
  if (name === undefined && names.size < MAX_NAMED_STATEMENTS) {
    name = `s${names.size}`;
    names.set(sql, name);
  }
  return name;
}

/**
 * Runs a statement with parameters, prepared by name, answering as TypeORM's `query()`
 * does (rows; `[rows, count]` for UPDATE and DELETE), so callers see one shape whichever
 * runs it. Only where each connection is a session of its own (see connectionsAreSessions).
 */
export async function runPrepared<T>(target: PgQueryTarget, sql: string, params: readonly unknown[]): Promise<T[]> {
  const name = params.length > 0 ? statementName(sql) : undefined;
  const result = await target.query(name === undefined ? { text: sql, values: [...params] } : { name, text: sql, values: [...params] });
  return (result.command === 'UPDATE' || result.command === 'DELETE' ? [result.rows, result.rowCount] : result.rows) as T[];
}

/** The node-postgres pool behind a PostgreSQL data source (TypeORM's driver keeps it). */
export function pgPool(dataSource: DataSource): PgQueryTarget {
  const pool = (dataSource.driver as unknown as { master?: PgQueryTarget }).master;
  if (!pool) throw new Error('the data source has no connection pool yet');
  return pool;
}

/** A node-postgres client as far as statement merging needs it: which names its session has parsed. */
export interface PgSessionClient extends PgQueryTarget {
  query(config: { name?: string; text: string; values?: unknown[] }): Promise<PgResult>;
  query(text: string): Promise<PgResult | PgResult[]>;
  readonly connection: { parsedStatements: Record<string, string | undefined> };
}

/**
 * `sql` as an `EXECUTE` of the statement this session already prepared for it, its
 * parameters written as literals (node-postgres's own text for each, quoted): a statement
 * that can share one simple-protocol message with `BEGIN` or `COMMIT`. Null when the
 * session has not prepared it yet, or a parameter is binary.
 */
export function executeText(client: PgSessionClient, sql: string, params: readonly unknown[]): string | null {
  const name = params.length > 0 ? names.get(sql) : undefined;
  if (name === undefined || client.connection.parsedStatements[name] !== sql) return null;
  const literals: string[] = [];
  for (const param of params) {
    const value: unknown = prepareValue(param);
    if (value === null || value === undefined) literals.push('NULL');
    else if (typeof value === 'string') literals.push(escapeLiteral(value));
    else return null;
  }
  return `EXECUTE ${name}(${literals.join(',')})`;
}

/** The rows of the last statement of a simple-protocol message, shaped as runPrepared's. */
export function lastResultRows<T>(result: PgResult | PgResult[]): T[] {
  const last = Array.isArray(result) ? result[result.length - 1] : result;
  return (last.command === 'UPDATE' || last.command === 'DELETE' ? [last.rows, last.rowCount] : last.rows) as T[];
}
