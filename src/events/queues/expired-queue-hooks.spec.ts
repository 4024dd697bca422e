import { ExpiredQueue, ExpiredQueueHooks } from './expired-queue-hooks';

describe('ExpiredQueueHooks', () => {
  it('tells every listener of the collected queues that held messages, and goes on past a listener that throws', () => {
    const hooks = new ExpiredQueueHooks();
    const told: (readonly ExpiredQueue[])[] = [];
    hooks.subscribe(() => {
      throw new Error('broken listener');
    });
    hooks.subscribe((expired) => told.push(expired));
    const withMessages = { queueId: 'a', userId: 1, messageIds: [5] };
    hooks.notify([withMessages, { queueId: 'b', userId: 2, messageIds: [] }]);
    hooks.notify([{ queueId: 'c', userId: 3, messageIds: [] }]);
    expect(told).toEqual([[withMessages]]);
  });
});
