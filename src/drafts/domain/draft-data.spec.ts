import { ApiError } from '../../shared/api-error';
import { checkDraft, parseDraftData } from './draft-data';

function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.msg;
    throw error;
  }
  throw new Error('expected an error');
}

describe('parseDraftData', () => {
  const valid = { type: 'stream', to: [3], topic: 'lunch', content: 'hi' };

  it('accepts a complete draft, timestamp optional', () => {
    expect(parseDraftData('drafts[0]', valid)).toEqual({ ...valid, timestamp: null });
    expect(parseDraftData('draft', { ...valid, timestamp: 5 }).timestamp).toBe(5);
  });

  it('names the offending part', () => {
    expect(messageOf(() => parseDraftData('drafts[0]', 7))).toBe('drafts[0] is not a dict');
    expect(messageOf(() => parseDraftData('drafts[0]', { ...valid, extra: 1 }))).toBe('Argument "extra" at drafts[0] is unexpected');
    expect(messageOf(() => parseDraftData('drafts[1]', { type: 'stream', to: [], content: 'x' }))).toBe('drafts[1]["topic"] field is missing');
    expect(messageOf(() => parseDraftData('draft', { ...valid, type: 'channel' }))).toBe('Invalid draft["type"]');
    expect(messageOf(() => parseDraftData('draft', { ...valid, to: ['a'] }))).toBe('draft["to"][0] is not an integer');
    expect(messageOf(() => parseDraftData('draft', { ...valid, content: '  ' }))).toBe('draft["content"] cannot be blank');
  });
});

describe('checkDraft', () => {
  it('truncates long topics and keeps the topic only for channel drafts', () => {
    const long = 'x'.repeat(70);
    expect(checkDraft({ type: 'stream', to: [1], topic: long, content: 'a', timestamp: 1 }).topic).toBe(`${'x'.repeat(57)}...`);
    expect(checkDraft({ type: 'private', to: [], topic: 'ignored', content: 'a', timestamp: 1 }).topic).toBe('');
  });

  it('refuses negative timestamps and channel drafts without exactly one channel', () => {
    expect(messageOf(() => checkDraft({ type: '', to: [], topic: '', content: 'a', timestamp: -1 }))).toBe('Timestamp must not be negative.');
    expect(messageOf(() => checkDraft({ type: 'stream', to: [1, 2], topic: '', content: 'a', timestamp: 1 }))).toBe(
      'Must specify exactly 1 channel ID for channel messages',
    );
  });

  it('defaults the timestamp to now', () => {
    expect(checkDraft({ type: '', to: [], topic: '', content: 'a', timestamp: null }, 100).lastEditTime.getTime()).toBe(100_000);
  });
});
