import { ExpiredQueue, ExpiredQueueHooks } from './expired-queue-hooks';
import { QueueIds } from './queue-ids';

describe('ExpiredQueueHooks', () => {
  it('tells every listener of the collected queues that held messages, and goes on past a listener that throws', () => {
    const ids = new QueueIds();
    const hooks = new ExpiredQueueHooks();
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
});
