import { DatabaseIdentity } from '../../platform/database/database-identity';
import { ExpiredQueue, ExpiredQueueHooks } from './expired-queue-hooks';
import { QueueIds } from './queue-ids';

describe('ExpiredQueueHooks', () => {
  it('tells every listener of the collected queues that held messages, and goes on past a listener that throws', () => {
    const ids = new QueueIds(new DatabaseIdentity('0123456789abcdef'));
    const hooks = new ExpiredQueueHooks(ids);
    const told: (readonly ExpiredQueue[])[] = [];
    hooks.subscribe(() => {
      throw new Error('broken listener');
    });
    hooks.subscribe((expired) => told.push(expired));
    const withMessages = { queueId: ids.next(), userId: 1, messageIds: [5] };
    hooks.notify([withMessages, { queueId: ids.next(), userId: 2, messageIds: [] }]);
    hooks.notify([{ queueId: ids.next(), userId: 3, messageIds: [] }]);
    expect(told).toEqual([[withMessages]]);
  });

  it('passes on no queue registered against another database (a Redis shared by servers of different databases)', () => {
    const hooks = new ExpiredQueueHooks(new QueueIds(new DatabaseIdentity('0123456789abcdef')));
    const other = new QueueIds(new DatabaseIdentity('fedcba9876543210'));
    const told: (readonly ExpiredQueue[])[] = [];
    hooks.subscribe((expired) => told.push(expired));
    hooks.notify([{ queueId: other.next(), userId: 1, messageIds: [5] }, { queueId: '1700000000000:legacy', userId: 1, messageIds: [6] }]);
    expect(told).toEqual([]);
  });
});
