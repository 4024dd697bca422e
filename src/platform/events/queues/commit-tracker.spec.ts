import { DataSource, EntitySubscriberInterface, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';
import { CommitTracker } from './commit-tracker';

/** A tracker on a stand-in data source, and the subscriber it installed there. */
function tracker(): { commits: CommitTracker; subscriber: EntitySubscriberInterface } {
  const dataSource = { subscribers: [] as EntitySubscriberInterface[] };
  const commits = new CommitTracker(dataSource as unknown as DataSource);
  commits.onModuleInit();
  return { commits, subscriber: dataSource.subscribers[0] };
}

const event = (queryRunner: object) => ({ queryRunner }) as unknown as TransactionCommitEvent & TransactionRollbackEvent;

/** Whether `promise` settles within a few turns of the event loop. */
async function settlesSoon(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  for (let turn = 0; turn < 5 && !settled; turn++) await new Promise((resolve) => setImmediate(resolve));
  return settled;
}

describe('CommitTracker', () => {
  it('waits for a commit under way, until it ends', async () => {
    const { commits, subscriber } = tracker();
    const runner = {};
    void subscriber.beforeTransactionCommit?.(event(runner));
    const settled = commits.settled();
    expect(await settlesSoon(settled)).toBe(false);
    void subscriber.afterTransactionCommit?.(event(runner));
    expect(await settlesSoon(settled)).toBe(true);
  });

  it('stops waiting for a COMMIT that failed once its rollback starts, even if the ROLLBACK fails too (connection lost)', async () => {
    const { commits, subscriber } = tracker();
    const runner = {};
    void subscriber.beforeTransactionCommit?.(event(runner));
    // COMMIT threw: TypeORM rolls back; the ROLLBACK throws as well, so no afterTransactionRollback.
    void subscriber.beforeTransactionRollback?.(event(runner));
    expect(await settlesSoon(commits.settled())).toBe(true);
  });
});
