import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import {
  DataSource,
  EntityManager,
  EntitySubscriberInterface,
  InsertEvent,
  QueryRunner,
  RemoveEvent,
  TransactionCommitEvent,
  UpdateEvent,
} from 'typeorm';

/** Where a transaction's query runner keeps the tables it wrote, until it commits. */
const WRITTEN = Symbol('writtenTables');

type NotedRunner = QueryRunner & { data: { [WRITTEN]?: Set<string> } };

/** Table names after INSERT INTO / UPDATE / DELETE FROM, anywhere in a statement (CTEs too). */
const WRITE_TARGET = /\b(?:insert\s+into|update|delete\s+from)\s+"?([a-z_][a-z0-9_]*)/gi;

/** Statements seen, with their tables: almost every statement is a constant of the code. */
const writtenByStatement = new Map<string, readonly string[]>();
const REMEMBERED_STATEMENTS = 2_000;

/** The tables a SQL statement writes to (`FOR UPDATE` and `DO UPDATE SET` name none). */
export function tablesWrittenBy(sql: string): readonly string[] {
  const known = writtenByStatement.get(sql);
  if (known) return known;
  const tables = scanWrittenTables(sql);
  if (writtenByStatement.size >= REMEMBERED_STATEMENTS) writtenByStatement.clear();
  writtenByStatement.set(sql, tables);
  return tables;
}

function scanWrittenTables(sql: string): string[] {
  const tables: string[] = [];
  for (const match of sql.matchAll(WRITE_TARGET)) {
    const table = match[1].toLowerCase();
    if (table !== 'set' && table !== 'of' && table !== 'skip' && table !== 'nowait') tables.push(table);
  }
  return tables;
}

/** Records, on the transaction of `manager`, that `sql` wrote to its tables. */
export function noteWrites(manager: EntityManager, sql: string): void {
  const runner = manager.queryRunner as NotedRunner | undefined;
  if (!runner) return;
  const tables = tablesWrittenBy(sql);
  if (tables.length === 0) return;
  const written = (runner.data[WRITTEN] ??= new Set<string>());
  for (const table of tables) written.add(table);
}

/** May return a promise: the commit, and so the request that made it, waits for it. */
export type CommittedWritesListener = (tables: ReadonlySet<string>) => void | Promise<void>;

/**
 * Tells listeners which tables a transaction wrote, once it committed (never for a
 * rollback): caches of rows that must not outlive a change hear of it in the same
 * macrotask as the commit, and the request that made it answers only once the promises
 * they return have settled. Statements run
 * through `UnitOfWork.query` are noted by their SQL, entity writes by TypeORM's events.
 */
@Injectable()
export class CommittedWrites implements OnModuleInit {
  private readonly logger = new Logger(CommittedWrites.name);
  private readonly listeners: CommittedWritesListener[] = [];

  constructor(private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    const noteEntity = (event: InsertEvent<unknown> | UpdateEvent<unknown> | RemoveEvent<unknown>) => {
      const runner = event.queryRunner as NotedRunner;
      (runner.data[WRITTEN] ??= new Set<string>()).add(event.metadata.tableName);
    };
    const subscriber: EntitySubscriberInterface = {
      afterInsert: noteEntity,
      afterUpdate: noteEntity,
      afterRemove: noteEntity,
      afterTransactionCommit: (event: TransactionCommitEvent) => this.committed(event.queryRunner as NotedRunner),
      afterTransactionRollback: (event) => {
        if (!event.queryRunner.isTransactionActive) delete (event.queryRunner as NotedRunner).data[WRITTEN];
      },
    };
    this.dataSource.subscribers.push(subscriber);
  }

  onCommit(listener: CommittedWritesListener): void {
    this.listeners.push(listener);
  }

  /** A transaction run outside TypeORM's (SessionTransaction) committed on `runner`'s connection. */
  async afterCommit(runner: QueryRunner): Promise<void> {
    await this.committed(runner as NotedRunner);
  }

  /** ...or rolled back: what it noted goes. */
  afterRollback(runner: QueryRunner): void {
    delete (runner as NotedRunner).data[WRITTEN];
  }

  /** TypeORM's commit awaits the promise returned here. */
  private committed(runner: NotedRunner): Promise<void> | undefined {
    // A released savepoint is not a commit: the outer transaction may still roll back.
    if (runner.isTransactionActive) return undefined;
    const written = runner.data[WRITTEN];
    if (!written) return undefined;
    delete runner.data[WRITTEN];
    const pending: Promise<void>[] = [];
    const failed = (error: unknown) => this.logger.error(`committed-writes listener failed: ${(error as Error).message}`);
    for (const listener of this.listeners) {
      try {
        const result = listener(written);
        if (result) pending.push(result.catch(failed));
      } catch (error) {
        failed(error);
      }
    }
    return pending.length === 0 ? undefined : Promise.all(pending).then(() => undefined);
  }
}
