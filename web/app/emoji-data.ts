import type { WireRealmEmoji } from '../api/types';

/** One emoji the person can pick: what a reaction or `:name:` names, and how to draw it. */
export interface EmojiChoice {
  readonly emoji_name: string;
  readonly emoji_code: string;
  readonly reaction_type: 'unicode_emoji' | 'realm_emoji' | 'zulip_extra_emoji';
  /** Other names the emoji answers to (Unicode aliases). */
  readonly aliases: readonly string[];
  /** A custom emoji's image; Unicode emoji are drawn as text. */
  readonly url?: string;
}

/** The emoji Zulip's picker puts first ("Popular"). */
export const POPULAR_EMOJI = ['+1', 'tada', 'smile', 'heart', 'working_on_it', 'octopus'];

const loaded = new Map<string, Promise<EmojiChoice[]>>();

/**
 * The Unicode emoji the server accepts, from register's `server_emoji_data_url`
 * (`{"code_to_names": {code: [name, ...aliases]}}`), fetched once, when first needed. The
 * URL's path is fetched from this origin, as the page's content policy allows only it.
 */
export function loadUnicodeEmoji(dataUrl: string): Promise<EmojiChoice[]> {
  const path = new URL(dataUrl, window.location.href).pathname;
  let answer = loaded.get(path);
  if (answer === undefined) {
    answer = fetch(path, { credentials: 'same-origin' })
      .then(async (response) => {
        if (!response.ok) throw new Error(`The emoji list could not be loaded (${response.status}).`);
        return unicodeChoices((await response.json()) as { code_to_names?: Record<string, string[]> });
      })
      .catch((error: unknown) => {
        loaded.delete(path);
        throw error;
      });
    loaded.set(path, answer);
  }
  return answer;
}

/**
 * Where a code point sorts in the grid: the data file carries no categories, so faces and
 * people come first, then the other pictographs, then symbols (‼, ™ and the like) last.
 */
function blockRank(code: string): number {
  const first = Number.parseInt(code.split('-')[0] ?? '0', 16);
  if ((first >= 0x1f600 && first <= 0x1f64f) || (first >= 0x1f910 && first <= 0x1f9ff)) return 0;
  if (first >= 0x1f300) return 1;
  return 2;
}

export function unicodeChoices(data: { code_to_names?: Record<string, string[]> }): EmojiChoice[] {
  return Object.entries(data.code_to_names ?? {})
    .flatMap(([code, names]) => {
      const [name, ...aliases] = names;
      return name === undefined ? [] : [{ emoji_name: name, emoji_code: code, reaction_type: 'unicode_emoji' as const, aliases }];
    })
    .sort((a, b) => blockRank(a.emoji_code) - blockRank(b.emoji_code) || a.emoji_code.localeCompare(b.emoji_code));
}

/** The realm's active custom emoji, by name. */
export function realmChoices(realmEmoji: Readonly<Record<string, WireRealmEmoji>>): EmojiChoice[] {
  return Object.values(realmEmoji)
    .filter((emoji) => !emoji.deactivated)
    .map((emoji) => ({ emoji_name: emoji.name, emoji_code: emoji.id, reaction_type: 'realm_emoji' as const, aliases: [], url: emoji.source_url }))
    .sort((a, b) => a.emoji_name.localeCompare(b.emoji_name));
}

/** A Unicode emoji's character, from its dash-joined hex code points. */
export function emojiGlyph(code: string): string {
  try {
    return String.fromCodePoint(...code.split('-').map((part) => Number.parseInt(part, 16)));
  } catch {
    return '';
  }
}

/**
 * How well `query` matches an emoji, as Zulip ranks them: the whole name, a prefix of it, a
 * prefix of one of its `_`-separated words, then anywhere; aliases count alike. Lower is
 * better; null is no match.
 */
function emojiRank(choice: EmojiChoice, query: string): number | null {
  let best: number | null = null;
  for (const name of [choice.emoji_name, ...choice.aliases]) {
    const rank = name === query ? 0 : name.startsWith(query) ? 1 : name.split(/[_-]/).some((word) => word.startsWith(query)) ? 2 : name.includes(query) ? 3 : null;
    if (rank !== null && (best === null || rank < best)) best = rank;
  }
  return best;
}

/** The emoji matching `query` (custom ones first among equals), best first. */
export function searchEmoji(choices: readonly EmojiChoice[], query: string, limit = Infinity): EmojiChoice[] {
  const wanted = query.trim().toLowerCase().replace(/^:|:$/g, '').replace(/ /g, '_');
  if (wanted === '') return choices.slice(0, limit);
  return choices
    .map((choice, index) => ({ choice, index, rank: emojiRank(choice, wanted) }))
    .filter((entry): entry is { choice: EmojiChoice; index: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.choice);
}
