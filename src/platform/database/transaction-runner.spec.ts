import { DataSource, EntityManager } from 'typeorm';
import { OutboxEntry, TransactionOutbox } from './transaction-outbox';
import { CommitListeners } from './commit-listeners';
import { currentScope } from './ambient-scope';
import { TransactionRunner } from './transaction-runner';
import { UnitOfWork } from './unit-of-work';

class Noticed {}

/**
 * A runner over fake storage that notes its commit and its publishing in `order`;
 * `published` decides when publishing finishes (at once unless given).
 */
function runnerWith(order: string[], listeners: CommitListeners, published: () => Promise<void> = () => Promise.resolve()): TransactionRunner {
  const dataSource = {
    transaction: async <T>(work: (manager: EntityManager) => Promise<T>): Promise<T> => {
      const value = await work({} as EntityManager);
      order.push('commit');
      return value;
    },
  } as unknown as DataSource;
  const outbox = {
    write: (_transaction: unknown, events: readonly object[]): Promise<OutboxEntry> => Promise.resolve({ id: '1', events }),
    publish: (): Promise<void> => {
      order.push('publish');
      return published();
    },
  } as unknown as TransactionOutbox;
  return new TransactionRunner(dataSource, outbox, listeners);
}

describe('TransactionRunner', () => {
  it('answers only after the events it recorded have been published to the queues', async () => {
    const order: string[] = [];
    let stored!: () => void;
    const runner = runnerWith(order, new CommitListeners(), () =>
      new Promise<void>((resolve) => (stored = resolve)).then(() => void order.push('stored')),
    );

    const running = runner
      .run(async () => {
        (currentScope() as UnitOfWork).record(new Noticed());
        return 42;
      })
      .then((value) => order.push(`answered ${value}`));
    await new Promise((resolve) => setImmediate(resolve));
    expect(order).toEqual(['commit', 'publish']);
    stored();
    await running;
    expect(order).toEqual(['commit', 'publish', 'stored', 'answered 42']);
  });

  describe('commit listeners', () => {

    it('hear the recorded events after the commit, before they are published, and the answer waits for them', async () => {
      const order: string[] = [];
      const listeners = new CommitListeners();
      let release!: () => void;
      listeners.add((events) => {
        order.push(`heard ${events.map((event) => event.constructor.name).join()}`);
        return new Promise<void>((resolve) => (release = resolve));
      });
      const running = runnerWith(order, listeners)
        .run(async () => {
          (currentScope() as UnitOfWork).record(new Noticed());
          return 7;
        })
        .then((value) => order.push(`answered ${value}`));
      await new Promise((resolve) => setImmediate(resolve));
      expect(order).toEqual(['commit', 'heard Noticed']);
      release();
      await running;
      expect(order).toEqual(['commit', 'heard Noticed', 'publish', 'answered 7']);
    });

    it('hear nothing of a rollback, nor of a commit that recorded no event', async () => {
      const heard: unknown[] = [];
      const listeners = new CommitListeners();
      listeners.add((events) => void heard.push(...events));
      const runner = runnerWith([], listeners);
      await expect(
        runner.run(async () => {
          (currentScope() as UnitOfWork).record(new Noticed());
          throw new Error('refused');
        }),
      ).rejects.toThrow('refused');
      await runner.run(async () => 1);
      expect(heard).toEqual([]);
    });
  });
});
