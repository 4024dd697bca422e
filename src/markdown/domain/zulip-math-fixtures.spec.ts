import { unicodeEmoji } from '../../emoji/public/unicode-emoji';
import { RenderData } from './render-data';
import fixtures from './zulip-math-fixtures.json';
import { renderZulipMarkdown } from './zulip-markdown';

/** No users, channels, linkifiers or previews: the math cases mention none of them. */
const data: RenderData = {
  usersByName: new Map(),
  usersById: new Map(),
  groupsByName: new Map(),
  channelsByName: new Map(),
  customEmoji: new Map(),
  catalog: unicodeEmoji(),
  linkifiers: [],
};

interface MathCase {
  name: string;
  input: string;
  expected_output: string;
  /** Zulip's web-client rendering, where the server's differs only by Pygments highlighting (which we don't do). */
  marked_expected_output?: string;
}

const cases: MathCase[] = fixtures.cases;

describe('math as Zulip renders it (cases from its Markdown test fixtures, see zulip-math-fixtures.json.license)', () => {
  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    expect(renderZulipMarkdown(c.input, data).html).toBe(c.marked_expected_output ?? c.expected_output);
  });
});
