import fc from 'fast-check';
import { unicodeEmoji } from '../../emoji/public/unicode-emoji';
import { RenderData } from './render-data';
import { isPlainText, renderFullMarkdown, renderZulipMarkdown } from './zulip-markdown';

const data: RenderData = {
  usersByName: new Map([['iago', { id: 5, fullName: 'Iago', isActive: true }]]),
  usersById: new Map([[5, { id: 5, fullName: 'Iago', isActive: true }]]),
  groupsByName: new Map(),
  channelsByName: new Map(),
  customEmoji: new Map(),
  topicMessageIds: new Map(),
  realmUrl: 'https://chat.example.com',
  catalog: unicodeEmoji(),
  linkifiers: [],
};

/** Text near the plain-text grammar's edges: its characters and the markdown ones next to them. */
const nearPlain = fc.string({
  unit: fc.constantFrom('a', 'Z', 'b', '1', '0', '9', ' ', ' ', '-', ',', '.', '!', '?', '*', '_', '#', ':', '@', '`', '~', '>', '\n', 'www', 'com', 'http', '1.', ')', '$'),
  maxLength: 24,
});

describe('plain text skips the markdown pipeline', () => {
  it('renders what the full pipeline renders, for every text it takes', () => {
    let taken = 0;
    fc.assert(
      fc.property(nearPlain, (content) => {
        if (!isPlainText(content)) return;
        taken++;
        expect(renderZulipMarkdown(content, data)).toEqual(renderFullMarkdown(content, data));
      }),
      { numRuns: 20_000 },
    );
    // The generator reaches the grammar often enough for the property to mean something.
    expect(taken).toBeGreaterThan(500);
  });

  it.each(['ok', 'Sounds good, thanks!', 'bench-seq-12', 'see you at 10. Bye', 'really? yes'])('takes %p', (content) => {
    expect(isPlainText(content)).toBe(true);
    expect(renderZulipMarkdown(content, data).html).toBe(`<p>${content}</p>`);
  });

  it.each(['example.com', '1. first', '12. May', 'a  b', '-a', 'a--b', 'a ', ' a', 'a\nb', 'a.b', 'www.x', '*a*', 'a:b', ''])('leaves %p to the full pipeline', (content) => {
    expect(isPlainText(content)).toBe(false);
  });

  it('leaves text to the full pipeline when the realm has linkifiers', () => {
    const withLinkifier = { ...data, linkifiers: [{ pattern: 'bench', urlTemplate: 'https://example.com/bench' }] };
    expect(renderZulipMarkdown('bench-seq-1', withLinkifier).html).toContain('href="https://example.com/bench"');
  });
});
