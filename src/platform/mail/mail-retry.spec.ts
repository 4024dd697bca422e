import { withoutMailboxes } from './mail-delivery';
import { isPermanentRefusal, MAX_RETRY_DELAY_MS, messageIdOf, retryDelayMs } from './mail-retry';

describe('mail retries', () => {
  it('doubles the delay from the base, at most an hour', () => {
    expect([1, 2, 3, 4].map((attempts) => retryDelayMs(100, attempts))).toEqual([100, 200, 400, 800]);
    expect(retryDelayMs(10_000, 50)).toBe(MAX_RETRY_DELAY_MS);
  });

  it('gives up only on a 5xx reply', () => {
    expect(isPermanentRefusal({ responseCode: 550 })).toBe(true);
    expect(isPermanentRefusal({ responseCode: 451 })).toBe(false);
    expect(isPermanentRefusal(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ESOCKET' }))).toBe(false);
    expect(isPermanentRefusal(null)).toBe(false);
  });

  it('names a row the same way every time', () => {
    const created = '1767323045678123';
    expect(messageIdOf(7, created, 'chat.example.com')).toBe(messageIdOf(7, '1767323045678123', 'chat.example.com'));
    expect(messageIdOf(7, created, 'chat.example.com')).not.toBe(messageIdOf(7, '1767323045678124', 'chat.example.com'));
    expect(messageIdOf(7, created, 'chat.example.com')).toMatch(/^<mail\.7\.[0-9a-z]+@chat\.example\.com>$/);
  });
});

describe('withoutMailboxes', () => {
  it('keeps the domain of every address in a refusal, and nothing of the mailbox', () => {
    expect(withoutMailboxes("550 5.1.1 <ann.lee+chat@example.com>: mailbox unavailable; also bob@mail.example.org")).toBe(
      '550 5.1.1 <…@example.com>: mailbox unavailable; also …@mail.example.org',
    );
    expect(withoutMailboxes('connect ECONNREFUSED 127.0.0.1:25')).toBe('connect ECONNREFUSED 127.0.0.1:25');
  });
});
