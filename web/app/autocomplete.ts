/**
 * The compose box's typeahead, as Zulip's composebox_typeahead does it: what the person is
 * typing before the cursor (`@`, `#`, `#**channel>`, `:`) and what picking a suggestion
 * puts in its place. Pure, so it is tested apart from the page.
 */

export type Trigger =
  | { readonly kind: 'mention'; readonly query: string; readonly start: number; readonly silent: boolean }
  | { readonly kind: 'channel'; readonly query: string; readonly start: number }
  | { readonly kind: 'topic'; readonly query: string; readonly start: number; readonly channel: string }
  | { readonly kind: 'emoji'; readonly query: string; readonly start: number };

/** A token starts at the text's start or after a space, a line break or an opening bracket. */
const BOUNDARY = String.raw`(?:^|(?<=[\s(\[{"']))`;
/** Longest query looked at: a completed word followed by a sentence is no longer a mention. */
const MAX_QUERY = 40;

/** `#**channel>` or, after a channel was picked (`#**channel** `), a typed `>`: Zulip's way to link a topic. */
const TOPIC = new RegExp(`${BOUNDARY}#\\*\\*([^*>\\n]+)(?:\\*\\* ?)?>([^*\\n]*)$`);
const CHANNEL = new RegExp(`${BOUNDARY}#(?:\\*\\*)?([^*\\s#][^*\\n]*|)$`);
const MENTION = new RegExp(`${BOUNDARY}@(_?)(?:\\*\\*)?([^*\\s@][^*\\n]*|)$`);
/**
 * Zulip waits for two characters after `:` so that times (`10:30`) and smileys do not open it.
 * Names take letters and digits of any script (`:piñ` finds `piñata`), as the server's `:name:`.
 */
const EMOJI = new RegExp(`${BOUNDARY}:([\\p{L}\\p{N}_+-]{2,})$`, 'u');

/** What the text before `cursor` is starting to name, if anything. */
export function findTrigger(text: string, cursor: number): Trigger | null {
  const before = text.slice(0, cursor);
  const topic = TOPIC.exec(before);
  if (topic !== null) return { kind: 'topic', channel: topic[1] ?? '', query: topic[2] ?? '', start: topic.index };
  const emoji = EMOJI.exec(before);
  if (emoji !== null) return { kind: 'emoji', query: emoji[1] ?? '', start: emoji.index };
  const channel = CHANNEL.exec(before);
  if (channel !== null && (channel[1] ?? '').length <= MAX_QUERY) return { kind: 'channel', query: channel[1] ?? '', start: channel.index };
  const mention = MENTION.exec(before);
  if (mention !== null && (mention[2] ?? '').length <= MAX_QUERY) return { kind: 'mention', query: mention[2] ?? '', start: mention.index, silent: mention[1] === '_' };
  return null;
}

/** Puts `replacement` where the trigger's token was: the new text and where the cursor goes. */
export function applyCompletion(text: string, cursor: number, start: number, replacement: string): { text: string; cursor: number } {
  const after = text.slice(cursor);
  // A space after the completion, unless one is there already (Zulip's typeahead does the same).
  const spaced = replacement.endsWith('>') || after.startsWith(' ') ? replacement : `${replacement} `;
  return { text: text.slice(0, start) + spaced + after, cursor: start + spaced.length };
}

/**
 * How well `query` matches `name`: the whole name, a prefix, a prefix of one of its words,
 * then anywhere. Lower is better; null is no match. Case is ignored.
 */
export function matchRank(name: string, query: string): number | null {
  const lowerName = name.toLowerCase();
  const lowerQuery = query.toLowerCase().trim();
  if (lowerQuery === '') return 2;
  if (lowerName === lowerQuery) return 0;
  if (lowerName.startsWith(lowerQuery)) return 1;
  if (lowerName.split(/[\s_\-.]+/).some((word) => word.startsWith(lowerQuery))) return 2;
  return lowerName.includes(lowerQuery) ? 3 : null;
}

/** Items matching `query` by their best-matching name, best first, stable among equals, at most `limit`. */
export function rankByName<T>(items: readonly T[], query: string, names: (item: T) => readonly string[], limit: number): T[] {
  return items
    .map((item, index) => {
      const ranks = names(item).map((name) => matchRank(name, query)).filter((rank): rank is number => rank !== null);
      return { item, index, rank: ranks.length === 0 ? null : Math.min(...ranks) };
    })
    .filter((entry): entry is { item: T; index: number; rank: number } => entry.rank !== null)
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .slice(0, limit)
    .map((entry) => entry.item);
}

/** Zulip's mention syntax: `@**Name**`, silent `@_**Name**`; `|id` when two people share the name. */
export function mentionSyntax(name: string, options: { silent: boolean; userId?: number; ambiguous?: boolean }): string {
  const target = options.ambiguous === true && options.userId !== undefined ? `${name}|${options.userId}` : name;
  return `@${options.silent ? '_' : ''}**${target}**`;
}

export function groupMentionSyntax(name: string, silent: boolean): string {
  return `@${silent ? '_' : ''}*${name}*`;
}

export function channelLinkSyntax(channel: string, topic?: string): string {
  return topic === undefined ? `#**${channel}**` : `#**${channel}>${topic}**`;
}
