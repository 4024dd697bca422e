import { readFileSync } from 'node:fs';

/** One entry of iamcal's emoji-datasource (the fields this server reads). */
interface DatasourceEntry {
  unified: string;
  short_name: string;
  short_names: string[];
  sort_order?: number;
}

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
 * The Unicode emoji catalog of the whole server: names and aliases (iamcal's short names,
 * which Zulip's Google-style names derive from) and code points. Built once, from the
 * `emoji-datasource` package; skin-tone variants are not separate emoji, as in Zulip.
 */
export class UnicodeEmojiCatalog {
  private readonly byNameMap = new Map<string, UnicodeEmoji>();
  private readonly byCodeMap = new Map<string, UnicodeEmoji>();

  constructor(entries: readonly DatasourceEntry[]) {
    const ordered = [...entries].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0));
    for (const entry of ordered) {
      const code = emojiCodeOf(entry.unified);
      const names = entry.short_names.length > 0 ? entry.short_names : [entry.short_name];
      const emoji: UnicodeEmoji = { code, name: names[0], aliases: names.slice(1) };
      if (this.byCodeMap.has(code)) continue;
      this.byCodeMap.set(code, emoji);
      for (const name of names) if (!this.byNameMap.has(name)) this.byNameMap.set(name, emoji);
    }
  }

  static fromPackage(): UnicodeEmojiCatalog {
    const file = require.resolve('emoji-datasource/emoji.json');
    return new UnicodeEmojiCatalog(JSON.parse(readFileSync(file, 'utf8')) as DatasourceEntry[]);
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

/** The server's one catalog, read from the package on first use. */
export function unicodeEmoji(): UnicodeEmojiCatalog {
  shared ??= UnicodeEmojiCatalog.fromPackage();
  return shared;
}
