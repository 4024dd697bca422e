import { AsyncLocalStorage } from 'node:async_hooks';

/** Anything SQL can run on: the pool, one transaction, or one pooled connection. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
}

/**
 * Where the SQL of the current call chain runs: a unit of work (a transaction) or one
 * pooled connection held for a group of reads. Code asks `Database` to run a statement and
 * the scope decides where it goes, so a read inside a command cannot leave the command's
 * transaction by a forgotten argument (docs/architecture.md: the transaction is ambient).
 */
export interface QueryScope extends Queryable {
  /** True for a transaction: events may be recorded on it. */
  readonly transactional: boolean;
}

const scopes = new AsyncLocalStorage<QueryScope>();
let openScopes = 0;

/**
 * Runs `work` with `scope` as the place its SQL goes, for every promise it starts. On
 * Node 20, async context keeps promise hooks on every promise of the process while a store
 * is enabled, so the storage is disabled again whenever no scope is open: the long-poll
 * path between commands pays nothing for it.
 */
export function runInScope<T>(scope: QueryScope, work: () => Promise<T>): Promise<T> {
  openScopes += 1;
  let running: Promise<T>;
  try {
    running = scopes.run(scope, work);
  } catch (error) {
    running = Promise.reject(error);
  }
  return running.finally(() => {
    if (--openScopes === 0) scopes.disable();
  });
}

/** The scope the caller runs in, if any. */
export function currentScope(): QueryScope | undefined {
  return openScopes === 0 ? undefined : scopes.getStore();
}

/**
 * Runs `work` outside any scope: for the few writes that must survive the caller's
 * rollback (a failed sign-in attempt is counted even though the request fails).
 */
export function outsideScope<T>(work: () => Promise<T>): Promise<T> {
  if (openScopes === 0) return work();
  return scopes.exit(work);
}

/**
 * Runs `work` (synchronous, or starting async work) with no scope, and every promise it
 * starts too: for what runs after a commit (committed-event handlers), which must never
 * reach a transaction or session that was current where the delivery began.
 */
export function withoutScope<T>(work: () => T): T {
  if (openScopes === 0) return work();
  return scopes.exit(work);
}
