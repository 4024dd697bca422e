import zulipEmojiNames from '../catalog/zulip-emoji-names.json';

/** A Unicode emoji: its canonical name, its aliases, and Zulip's `emoji_code`. */
export interface UnicodeEmoji {
  code: string;
  name: string;
  aliases: readonly string[];
}

/**
 * Zulip's `emoji_code` for a sequence of code points: lowercase hex joined by dashes,
 * without the emoji presentation selector U+FE0F (Zulip "unqualifies" every emoji so
 * that the same picture has one code).
 */
export function emojiCodeOf(unified: string): string {
  return unified
    .toLowerCase()
    .split('-')
    .filter((part) => part !== 'fe0f')
    .join('-');
}

/** The `emoji_code` of literal emoji text (for example a Unicode emoji typed in a message). */
export function emojiCodeOfText(text: string): string {
  return [...text]
    .map((char) => (char.codePointAt(0) as number).toString(16).padStart(4, '0'))
    .filter((part) => part !== 'fe0f')
    .join('-');
}

/**
 * The Unicode emoji catalog of the whole server, with Zulip's names: each code has one
 * canonical name and its aliases, as Zulip's `tools/setup/emoji/emoji_names.py` gives them
 * (`1f44d`: `+1`, `thumbs_up`, `like`), so that a name a Zulip client sends means here what it
 * means on Zulip. Built once from `src/emoji/catalog/zulip-emoji-names.json`, which
 * `scripts/zulip-emoji-names.js` makes from Zulip's file; skin-tone variants are not separate
 * emoji, as in Zulip.
 */
export class UnicodeEmojiCatalog {
  private readonly byNameMap = new Map<string, UnicodeEmoji>();
  private readonly byCodeMap = new Map<string, UnicodeEmoji>();

  /** `entries` in catalog order; a code or name seen twice keeps its first meaning. */
  constructor(entries: readonly UnicodeEmoji[]) {
    for (const emoji of entries) {
      if (this.byCodeMap.has(emoji.code)) continue;
      this.byCodeMap.set(emoji.code, emoji);
      for (const name of [emoji.name, ...emoji.aliases]) if (!this.byNameMap.has(name)) this.byNameMap.set(name, emoji);
    }
  }

  /** The committed table: rows of [code, canonical name, ...aliases]. */
  static fromDataFile(): UnicodeEmojiCatalog {
    return new UnicodeEmojiCatalog(
      zulipEmojiNames.emoji.map(([code, name, ...aliases]) => ({ code, name, aliases })),
    );
  }

  /** By canonical name or alias. */
  byName(name: string): UnicodeEmoji | undefined {
    return this.byNameMap.get(name);
  }

  /** By Zulip's `emoji_code` (unqualified, lowercase, dash-joined hex). */
  byCode(code: string): UnicodeEmoji | undefined {
    return this.byCodeMap.get(code);
  }

  /** Zulip's `emoji_api.json` data: every code with its names, the canonical one first. */
  codeToNames(): Record<string, string[]> {
    return Object.fromEntries([...this.byCodeMap.values()].map((emoji) => [emoji.code, [emoji.name, ...emoji.aliases]]));
  }

  get size(): number {
    return this.byCodeMap.size;
  }
}

let shared: UnicodeEmojiCatalog | undefined;

/** The server's one catalog, built from the data file on first use. */
export function unicodeEmoji(): UnicodeEmojiCatalog {
  shared ??= UnicodeEmojiCatalog.fromDataFile();
  return shared;
}
