import type { WireProfileField } from '../api/types';

/** Zulip's custom profile field types (`custom_profile_field_types`), by id. */
export const FIELD_TYPE = {
  shortText: 1,
  longText: 2,
  select: 3,
  date: 4,
  url: 5,
  user: 6,
  externalAccount: 7,
  pronouns: 8,
} as const;

/** The types in the order Zulip's "Add a new profile field" form offers them, with its names. */
export const FIELD_TYPE_CHOICES: readonly { id: number; label: string }[] = [
  { id: FIELD_TYPE.shortText, label: 'Text (short)' },
  { id: FIELD_TYPE.longText, label: 'Text (long)' },
  { id: FIELD_TYPE.select, label: 'List of options' },
  { id: FIELD_TYPE.date, label: 'Date' },
  { id: FIELD_TYPE.url, label: 'Link' },
  { id: FIELD_TYPE.user, label: 'Users' },
  { id: FIELD_TYPE.externalAccount, label: 'External account' },
  { id: FIELD_TYPE.pronouns, label: 'Pronouns' },
];

export const fieldTypeLabel = (type: number): string => FIELD_TYPE_CHOICES.find((choice) => choice.id === type)?.label ?? 'Unknown';

/** Types the server refuses to show in the profile summary (Zulip: long text and people). */
export const summaryAllowed = (type: number): boolean => type !== FIELD_TYPE.longText && type !== FIELD_TYPE.user;

/** A list field's option: its key (the stored value) and its text. */
export interface Choice {
  readonly key: string;
  readonly text: string;
}

function parsedData(field: Pick<WireProfileField, 'field_data'>): Record<string, unknown> {
  try {
    const data: unknown = JSON.parse(field.field_data);
    return typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/** A list field's options (`field_data`: `{"<key>": {"text", "order"}}`), in their order. */
export function choicesOf(field: Pick<WireProfileField, 'field_data'>): Choice[] {
  return Object.entries(parsedData(field))
    .map(([key, option]) => {
      const entry = (typeof option === 'object' && option !== null ? option : {}) as { text?: unknown; order?: unknown };
      return { key, text: String(entry.text ?? ''), order: Number(entry.order) };
    })
    .sort((a, b) => a.order - b.order)
    .map(({ key, text }) => ({ key, text }));
}

/**
 * `field_data` for a list field's options as the form lists them: each keeps its key (so
 * people's chosen values survive an edit), a new one takes the next free number, as Zulip's
 * form numbers them; blank options are left out.
 */
export function choiceFieldData(choices: readonly { key: string | null; text: string }[]): Record<string, { text: string; order: string }> {
  const used = choices.flatMap((choice) => (choice.key === null ? [] : [Number(choice.key)])).filter((key) => Number.isInteger(key));
  let next = used.length === 0 ? 0 : Math.max(...used) + 1;
  const data: Record<string, { text: string; order: string }> = {};
  let order = 0;
  for (const choice of choices) {
    if (choice.text.trim() === '') continue;
    const key = choice.key ?? String(next++);
    data[key] = { text: choice.text.trim(), order: String(order++) };
  }
  return data;
}

/** An external account field's kind (`github`, `twitter` or `custom`) and its custom URL pattern. */
export function externalAccountOf(field: Pick<WireProfileField, 'field_data'>): { subtype: string; urlPattern: string } {
  const data = parsedData(field);
  return { subtype: typeof data.subtype === 'string' ? data.subtype : '', urlPattern: typeof data.url_pattern === 'string' ? data.url_pattern : '' };
}

/** Register's `realm_default_external_accounts`: Zulip's built-in external account kinds. */
export type ExternalAccountTemplates = Readonly<Record<string, { name?: string; text?: string; hint?: string; url_pattern?: string }>>;

export function templatesOf(value: unknown): ExternalAccountTemplates {
  return typeof value === 'object' && value !== null ? (value as ExternalAccountTemplates) : {};
}

/** Where an external account's user name leads: its template's or the field's URL pattern, `%(username)s` replaced. */
export function externalAccountUrl(field: Pick<WireProfileField, 'field_data'>, templates: ExternalAccountTemplates, username: string): string | null {
  const { subtype, urlPattern } = externalAccountOf(field);
  const pattern = subtype === 'custom' ? urlPattern : templates[subtype]?.url_pattern;
  if (pattern === undefined || pattern === '' || username === '') return null;
  return pattern.replace('%(username)s', encodeURIComponent(username));
}

/** A people field's value: the server keeps it as a JSON list of user ids. */
export function personIdsOf(value: string | undefined): number[] {
  if (value === undefined || value === '') return [];
  try {
    const ids: unknown = JSON.parse(value);
    return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === 'number') : [];
  } catch {
    return [];
  }
}

/** Only a web link is offered as one (a stored value is the person's own text). */
export function isWebLink(value: string): boolean {
  return /^https?:\/\//i.test(value);
}

/** The list with the entry at `from` moved to `to` (a drag and drop, or a move up or down). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length || to < 0 || to >= next.length) return next;
  const [entry] = next.splice(from, 1);
  next.splice(to, 0, entry as T);
  return next;
}
