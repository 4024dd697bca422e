import { ApiError } from '../../shared/api-error';
import { UnicodeEmojiCatalog } from './unicode-emoji';

/** `reaction_type` values as this server presents them (docs/zulip-differences.md, "Renamed names"). */
export const ReactionType = {
  Unicode: 'unicode_emoji',
  Realm: 'realm_emoji',
  Extra: 'svc_extra_emoji',
} as const;
export type ReactionType = (typeof ReactionType)[keyof typeof ReactionType];

/** Zulip's spelling of the special set, which unchanged clients send. */
export const ZULIP_EXTRA_EMOJI = 'zulip_extra_emoji';

/** The special built-in emoji (Zulip's `zulip_extra_emoji`): name and code are the same. */
export const EXTRA_EMOJI_NAMES: ReadonlySet<string> = new Set(['zulip']);

/** A client's `reaction_type`, with Zulip's name for the special set read as ours. */
export function normalizeReactionType(value: string): string {
  return value === ZULIP_EXTRA_EMOJI ? ReactionType.Extra : value;
}

/** What the checks need to know of one custom emoji of the realm. */
export interface CustomEmojiRef {
  id: number;
  name: string;
  deactivated: boolean;
}

export interface ResolvedEmoji {
  emojiName: string;
  emojiCode: string;
  reactionType: ReactionType;
}

/**
 * Zulip's `get_emoji_data`: the code and type a bare emoji name stands for. An active
 * custom emoji wins over the special set, which wins over a Unicode emoji of that name.
 */
export function emojiDataForName(
  name: string,
  activeCustom: readonly CustomEmojiRef[],
  catalog: UnicodeEmojiCatalog,
): { emojiCode: string; reactionType: ReactionType } {
  const custom = activeCustom.find((emoji) => emoji.name === name && !emoji.deactivated);
  if (custom) return { emojiCode: String(custom.id), reactionType: ReactionType.Realm };
  if (EXTRA_EMOJI_NAMES.has(name)) return { emojiCode: name, reactionType: ReactionType.Extra };
  const unicode = catalog.byName(name);
  if (unicode) return { emojiCode: unicode.code, reactionType: ReactionType.Unicode };
  throw ApiError.badRequest(`Emoji '${name}' does not exist`);
}

/**
 * Zulip's `check_emoji_request`: whether a name, code and type agree. `customById` holds
 * every custom emoji of the realm, deactivated ones included.
 */
export function checkEmojiRequest(
  name: string,
  code: string,
  reactionType: string,
  customById: ReadonlyMap<string, CustomEmojiRef>,
  catalog: UnicodeEmojiCatalog,
): ReactionType {
  const type = normalizeReactionType(reactionType);
  switch (type) {
    case ReactionType.Realm: {
      const custom = customById.get(code);
      if (!custom) throw ApiError.badRequest('Invalid custom emoji.');
      if (custom.name !== name) throw ApiError.badRequest('Invalid custom emoji name.');
      if (custom.deactivated) throw ApiError.badRequest('This custom emoji has been deactivated.');
      return type;
    }
    case ReactionType.Extra:
      if (!EXTRA_EMOJI_NAMES.has(code)) throw ApiError.badRequest('Invalid emoji code.');
      if (name !== code) throw ApiError.badRequest('Invalid emoji name.');
      return type;
    case ReactionType.Unicode:
      if (!catalog.byCode(code)) throw ApiError.badRequest('Invalid emoji code.');
      if (catalog.byName(name)?.code !== code) throw ApiError.badRequest('Invalid emoji name.');
      return type;
    default:
      throw ApiError.badRequest('Invalid emoji type.');
  }
}

/**
 * A custom emoji's name as Zulip takes it from the URL: trimmed, spaces as underscores,
 * then lowercase letters, digits, dashes and underscores, ending in a letter or digit.
 */
export function normalizeCustomEmojiName(raw: string): string {
  const name = raw.trim().replace(/ /g, '_');
  if (name === '') throw ApiError.badRequest('Emoji name is missing');
  if (/^[0-9a-z_-]+$/.test(name)) {
    if (/[_-]$/.test(name)) throw ApiError.badRequest('Emoji names must end with either a letter or digit.');
    return name;
  }
  throw ApiError.badRequest(
    'Emoji names must contain only lowercase English letters, digits, spaces, dashes, and underscores.',
  );
}
