import { digestCutoff, DigestTopic, enoughTraffic, hotTopics, moreMessages, zulipWeekday } from './digest-topics';

function topic(name: string, humanMessages: number, senders: number): DigestTopic {
  return {
    streamId: 1,
    topic: name,
    humanMessages,
    participants: Array.from({ length: senders }, (_, index) => `P${index}`),
    sampleIds: humanMessages > 1 ? [1, 2] : [1],
  };
}

describe('digest rules', () => {
  it('takes the two most diverse topics, then the longest, four at most', () => {
    const topics = [topic('a', 10, 1), topic('b', 3, 3), topic('c', 2, 2), topic('d', 8, 1), topic('e', 5, 1), topic('f', 1, 1)];
    expect(hotTopics(topics).map((t) => t.topic)).toEqual(['b', 'c', 'a', 'd']);
  });

  it('keeps the first topic among equals', () => {
    const topics = [topic('x', 1, 1), topic('y', 1, 1), topic('z', 1, 1)];
    expect(hotTopics(topics).map((t) => t.topic)).toEqual(['x', 'y', 'z']);
  });

  it('counts the messages beyond those shown', () => {
    expect(moreMessages(topic('a', 5, 2))).toBe(3);
  });

  it('sends with a new channel, or hot conversations, or (content hidden) new messages', () => {
    expect(enoughTraffic(0, 1, 0, true)).toBe(true);
    expect(enoughTraffic(1, 0, 0, true)).toBe(true);
    expect(enoughTraffic(0, 0, 5, true)).toBe(false);
    expect(enoughTraffic(0, 0, 5, false)).toBe(true);
    expect(enoughTraffic(2, 0, 0, false)).toBe(false);
  });

  it("uses Python's weekday numbering and a five-day period", () => {
    expect(zulipWeekday(new Date('2026-11-23T10:00:00Z'))).toBe(0); // a Monday
    expect(zulipWeekday(new Date('2026-11-29T23:59:00Z'))).toBe(6); // a Sunday
    expect(digestCutoff(new Date('2026-11-27T00:00:00Z')).toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });
});
