import { findLinks, topicLinks } from './apply-linkifiers';

const ticket = { pattern: '#(?P<id>[0-9]+)', urlTemplate: 'https://trac.example.com/ticket/{id}' };
const gh = { pattern: '(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>[0-9]+)', urlTemplate: 'https://github.com/{org}/{repo}/pull/{id}' };

describe('applying linkifiers', () => {
  it('links matches that stand alone, expanding the URL template', () => {
    expect(topicLinks('fix #123 and (#45), not a#7 nor #8x', [ticket])).toEqual([
      { text: '#123', url: 'https://trac.example.com/ticket/123' },
      { text: '#45', url: 'https://trac.example.com/ticket/45' },
    ]);
    expect(findLinks('#1,#2', [ticket])).toEqual([
      { text: '#1', url: 'https://trac.example.com/ticket/1', index: 0 },
      { text: '#2', url: 'https://trac.example.com/ticket/2', index: 3 },
    ]);
  });

  it('percent-encodes variables as RFC 6570 simple expansion does', () => {
    expect(topicLinks('see 😀/ab#1', [{ pattern: '(?P<x>\\S+)/ab#1', urlTemplate: 'https://x.example/{x}' }])).toEqual([
      { text: '😀/ab#1', url: 'https://x.example/%F0%9F%98%80' },
    ]);
  });

  it("gives overlapping text to the realm's earlier linkifier", () => {
    expect(topicLinks('zulip/zulip#12 and #3', [gh, ticket])).toEqual([
      { text: 'zulip/zulip#12', url: 'https://github.com/zulip/zulip/pull/12' },
      { text: '#3', url: 'https://trac.example.com/ticket/3' },
    ]);
    const wide = { pattern: '(?P<all>[a-z/#0-9]+)', urlTemplate: 'https://wide.example/{all}' };
    expect(topicLinks('zulip/zulip#12', [wide, gh])).toEqual([{ text: 'zulip/zulip#12', url: 'https://wide.example/zulip%2Fzulip%2312' }]);
  });

  it('resolves overlaps among many links as the pairwise rule does', () => {
    // `wide` covers every word; placed first it takes everything, placed last nothing it overlaps.
    const wide = { pattern: '(?P<all>[a-z/#0-9]+)', urlTemplate: 'https://wide.example/{all}' };
    const text = 'zulip/zulip#12 #3 '.repeat(100);
    const first = findLinks(text, [wide, ticket, gh]);
    expect(first).toHaveLength(200);
    expect(first.every((link) => link.url.startsWith('https://wide.example/'))).toBe(true);
    const last = findLinks(text, [ticket, gh, wide]);
    expect(last).toHaveLength(200);
    expect(last.slice(0, 2)).toEqual([
      { text: 'zulip/zulip#12', url: 'https://github.com/zulip/zulip/pull/12', index: 0 },
      { text: '#3', url: 'https://trac.example.com/ticket/3', index: 15 },
    ]);
    expect(last.every((link, index) => index === 0 || last[index - 1].index + last[index - 1].text.length <= link.index)).toBe(true);
  });

  it('skips a linkifier that no longer compiles, and links nothing without linkifiers', () => {
    expect(topicLinks('#1', [{ pattern: '(', urlTemplate: 'https://x.example/' }, ticket])).toEqual([
      { text: '#1', url: 'https://trac.example.com/ticket/1' },
    ]);
    expect(topicLinks('#1', [])).toEqual([]);
  });

  it('matches a pathological pattern in linear time (RE2), so a long input returns', () => {
    const text = `${'a'.repeat(50_000)}b`;
    expect(topicLinks(text, [{ pattern: '(a+)+$', urlTemplate: 'https://x.example/' }])).toEqual([]);
    expect(topicLinks(`x ${'a'.repeat(1000)}`, [{ pattern: '(a+)+$', urlTemplate: 'https://x.example/' }])).toEqual([
      { text: 'a'.repeat(1000), url: 'https://x.example/' },
    ]);
  });

  it('links nothing where the expanded URL has a scheme links may not have', () => {
    const stored = { pattern: '#(?P<id>[0-9]+)', urlTemplate: 'javascript:alert({id})' };
    const fromText = { pattern: 'go (?P<url>\\S+)', urlTemplate: '{+url}' };
    expect(topicLinks('#12 and go javascript:alert(1)', [stored, fromText])).toEqual([]);
    expect(topicLinks('go https://example.com/x', [fromText])).toEqual([{ text: 'go https://example.com/x', url: 'https://example.com/x' }]);
  });
});
