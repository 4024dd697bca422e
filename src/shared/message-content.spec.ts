import { ApiError } from './api-error';
import { defaultReadBySender, normalizeContent, normalizeTopic, pyStrip } from './message-content';

function errorOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    if (error instanceof ApiError) return error.msg;
    throw error;
  }
  throw new Error('no error');
}

describe('message content, as Zulip normalizes it', () => {
  it('strips trailing whitespace and leading newlines only', () => {
    expect(normalizeContent('\n\n  indented\t \n ')).toBe('  indented');
    // Python's whitespace: the information separators and NEL count, the BOM does not.
    expect(normalizeContent('text\u001c\u0085\u3000')).toBe('text');
    expect(normalizeContent('text\ufeff')).toBe('text\ufeff');
  });

  it('refuses empty content and NUL bytes', () => {
    expect(errorOf(() => normalizeContent(' \n\t\u3000'))).toBe('Message must not be empty');
    expect(errorOf(() => normalizeContent('a\u0000b'))).toBe('Message must not contain null bytes');
  });

  it('truncates past 10000 code points with the truncation notice inside the limit', () => {
    expect(normalizeContent('x'.repeat(10000))).toBe('x'.repeat(10000));
    const truncated = normalizeContent('y'.repeat(10001));
    expect(truncated).toBe(`${'y'.repeat(9980)}\n[message truncated]`);
    expect([...normalizeContent('😀'.repeat(10001))]).toHaveLength(10000);
  });

  it('is linear on long runs of whitespace', () => {
    const started = Date.now();
    normalizeContent(`${' '.repeat(2_000_000)}x`);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe('topics, as Zulip normalizes them', () => {
  it('strips and truncates to 60 code points with "..."', () => {
    expect(normalizeTopic('  lunch  ')).toBe('lunch');
    expect(normalizeTopic('t'.repeat(60))).toBe('t'.repeat(60));
    expect(normalizeTopic('t'.repeat(61))).toBe(`${'t'.repeat(57)}...`);
    expect(normalizeTopic('é'.repeat(60))).toBe('é'.repeat(60));
  });

  it('reads "(no topic)" and the empty topic display name as the empty topic', () => {
    expect(normalizeTopic('')).toBe('');
    expect(normalizeTopic(' (no topic) ')).toBe('');
    expect(normalizeTopic('general chat')).toBe('');
    expect(normalizeTopic('General chat')).toBe('General chat');
  });

  it('refuses control, surrogate and unassigned characters, counting positions from 1', () => {
    expect(errorOf(() => normalizeTopic('ab\u0007'))).toBe('Invalid character in topic, at position 3!');
    expect(errorOf(() => normalizeTopic('a\u0085b'))).toBe('Invalid character in topic, at position 2!');
    expect(errorOf(() => normalizeTopic('a\ud800'))).toBe('Invalid character in topic, at position 2!');
    expect(errorOf(() => normalizeTopic('\ufdd0'))).toBe('Invalid character in topic, at position 1!');
    expect(normalizeTopic('emoji 🙂 ok')).toBe('emoji 🙂 ok');
  });

  it('strips what Python strips', () => {
    expect(pyStrip('\u2003 both \u000b')).toBe('both');
  });
});

describe('read_by_sender by client', () => {
  it('marks the sender read for Zulip apps, not for API clients', () => {
    expect(defaultReadBySender('ZulipMobile')).toBe(true);
    expect(defaultReadBySender('website')).toBe(true);
    expect(defaultReadBySender('ZulipPython')).toBe(false);
    expect(defaultReadBySender('Unspecified')).toBe(false);
  });
});
