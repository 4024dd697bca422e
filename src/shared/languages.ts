/**
 * The languages this server offers for `default_language` (the user's and the realm's):
 * Zulip's codes, each with the name Zulip shows for it (`language_name` in events).
 */
export const AVAILABLE_LANGUAGES: ReadonlyMap<string, string> = new Map([
  ['en', 'English'],
  ['de', 'Deutsch'],
  ['es', 'español'],
  ['fr', 'français'],
  ['it', 'italiano'],
  ['nl', 'Nederlands'],
  ['pl', 'polski'],
  ['pt', 'português'],
  ['pt-br', 'Português Brasileiro'],
  ['ru', 'Русский'],
  ['uk', 'українська'],
  ['tr', 'Türkçe'],
  ['ja', '日本語'],
  ['ko', '한국어'],
  ['zh-hans', '简体中文'],
  ['zh-hant', '繁體中文'],
  ['hi', 'हिंदी'],
  ['id', 'Bahasa Indonesia'],
]);

export function isAvailableLanguage(code: string): boolean {
  return AVAILABLE_LANGUAGES.has(code);
}

export function languageName(code: string): string {
  return AVAILABLE_LANGUAGES.get(code) ?? code;
}
