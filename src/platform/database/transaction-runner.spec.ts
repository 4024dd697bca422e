import { CommandBus } from '@nestjs/cqrs';
import { DataSource, EntityManager } from 'typeorm';
import { EventOutbox, OutboxEntry } from '../../events/outbox/event-outbox.service';
import { CommittedWrites } from './committed-writes';
import { currentScope } from './ambient-scope';
import { TransactionRunner } from './transaction-runner';
import { UnitOfWork } from './unit-of-work';

class Noticed {}

describe('TransactionRunner', () => {
  it('answers only after the events it recorded have been published to the queues', async () => {
    const order: string[] = [];
    let stored!: () => void;
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
        return new Promise<void>((resolve) => (stored = resolve)).then(() => void order.push('stored'));
      },
    } as unknown as EventOutbox;
    const runner = new TransactionRunner(dataSource, outbox, {} as CommandBus, {} as CommittedWrites);

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
});
