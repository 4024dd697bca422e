/** Zulip's flag bits, in its order (bit i is 1 << i). */
export const FLAG_BITS = {
  read: 1,
  starred: 2,
  collapsed: 4,
  mentioned: 8,
  stream_wildcard_mentioned: 16,
  topic_wildcard_mentioned: 32,
  group_mentioned: 64,
  force_expand: 128,
  force_collapse: 256,
  has_alert_word: 512,
  historical: 1024,
  is_private: 2048,
  active_mobile_push_notification: 4096,
} as const;

export type FlagName = keyof typeof FLAG_BITS;

/** Bits kept for the server's own use and never shown to clients. */
const INTERNAL_FLAGS: ReadonlySet<FlagName> = new Set(['is_private', 'active_mobile_push_notification']);

/** All mention bits: what `is:mentioned` matches. */
export const MENTION_BITS =
  FLAG_BITS.mentioned | FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned | FLAG_BITS.group_mentioned;

/** The API's flag list for a bit mask, with the deprecated `wildcard_mentioned` (the OR). */
export function flagNames(bits: number): string[] {
  let names = flagNamesByBits.get(bits);
  if (names === undefined) {
    names = computeFlagNames(bits);
    // A page of messages repeats a handful of masks; the bits are few, so this stays small.
    if (flagNamesByBits.size < 1 << 13) flagNamesByBits.set(bits, names);
  }
  return names.slice();
}

const flagNamesByBits = new Map<number, readonly string[]>();

function computeFlagNames(bits: number): string[] {
  const names: string[] = [];
  for (const [name, bit] of Object.entries(FLAG_BITS) as [FlagName, number][]) {
    if ((bits & bit) !== 0 && !INTERNAL_FLAGS.has(name)) names.push(name);
  }
  if ((bits & (FLAG_BITS.stream_wildcard_mentioned | FLAG_BITS.topic_wildcard_mentioned)) !== 0) {
    names.push('wildcard_mentioned');
  }
  return names;
}

/** Flags of a message the user can read but never received. */
export const HISTORICAL_FLAGS = FLAG_BITS.read | FLAG_BITS.historical;
