/**
 * The languages the server offers for `default_language` (src/shared/languages.ts),
 * with the names Zulip shows for them: register has no list of them for the web app.
 */
export const LANGUAGES: readonly { readonly code: string; readonly name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'de', name: 'Deutsch' },
  { code: 'es', name: 'español' },
  { code: 'fr', name: 'français' },
  { code: 'it', name: 'italiano' },
  { code: 'nl', name: 'Nederlands' },
  { code: 'pl', name: 'polski' },
  { code: 'pt', name: 'português' },
  { code: 'pt-br', name: 'Português Brasileiro' },
  { code: 'ru', name: 'Русский' },
  { code: 'uk', name: 'українська' },
  { code: 'tr', name: 'Türkçe' },
  { code: 'ja', name: '日本語' },
  { code: 'ko', name: '한국어' },
  { code: 'zh-hans', name: '简体中文' },
  { code: 'zh-hant', name: '繁體中文' },
  { code: 'hi', name: 'हिंदी' },
  { code: 'id', name: 'Bahasa Indonesia' },
];
