import { Injectable, OnModuleInit } from '@nestjs/common';
import { DataSource, EntitySubscriberInterface, TransactionCommitEvent, TransactionRollbackEvent } from 'typeorm';

type Committing = { done: Promise<void>; finish: () => void };

/**
 * Knows which transactions of this process are committing. A commit becomes visible to
 * other connections before its own connection hears back, and the transaction's events are
 * published only after that: a read can see a commit whose events have not left yet.
 * `settled()` waits out those commits, then lets their events be published (the runner
 * publishes right after the commit, in the same macrotask).
 */
@Injectable()
export class CommitTracker implements OnModuleInit {
  private readonly committing = new Map<unknown, Committing>();

  constructor(private readonly dataSource: DataSource) {}

  onModuleInit(): void {
    const subscriber: EntitySubscriberInterface = {
      beforeTransactionCommit: (event: TransactionCommitEvent) => this.begin(event.queryRunner),
      afterTransactionCommit: (event: TransactionCommitEvent) => this.end(event.queryRunner),
      // A COMMIT that failed is followed by a rollback, and the commit is over when it starts:
      // if the connection died (a database restart), the ROLLBACK fails too and no
      // afterTransactionRollback comes, which would leave every later settled() waiting.
      beforeTransactionRollback: (event: TransactionRollbackEvent) => this.end(event.queryRunner),
      afterTransactionRollback: (event: TransactionRollbackEvent) => this.end(event.queryRunner),
    };
    this.dataSource.subscribers.push(subscriber);
  }

  /** Resolves once the commits under way at the call are over and their events published. */
  async settled(): Promise<void> {
    await Promise.all([...this.committing.values()].map((entry) => entry.done));
    await new Promise((resolve) => setImmediate(resolve));
  }

  private begin(queryRunner: unknown): void {
    if (this.committing.has(queryRunner)) return;
    let finish = () => undefined as void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    this.committing.set(queryRunner, { done, finish });
  }

  private end(queryRunner: unknown): void {
    const entry = this.committing.get(queryRunner);
    if (!entry) return;
    this.committing.delete(queryRunner);
    entry.finish();
  }
}
