import { ApiError } from '../../shared/api-error';

export const MAX_CHANNEL_NAME_LENGTH = 60;
export const MAX_CHANNEL_DESCRIPTION_LENGTH = 1024;

/** Zulip's palette for new subscriptions, in the order it hands colors out. */
export const SUBSCRIPTION_COLORS = [
  '#76ce90', '#fae589', '#a6c7e5', '#e79ab5', '#bfd56f', '#f4ae55', '#b0a5fd', '#addfe5',
  '#f5ce6e', '#c2726a', '#94c849', '#bd86e5', '#ee7e4a', '#a6dcbf', '#95a5fd', '#53a063',
  '#9987e1', '#e4523d', '#c2c2c2', '#4f8de4', '#c6a8ad', '#e7cc4d', '#c8bebf', '#a47462',
];

/** The first palette color the user does not use yet, else cycle by count. */
export function pickSubscriptionColor(usedColors: readonly string[]): string {
  const used = new Set(usedColors);
  const unused = SUBSCRIPTION_COLORS.find((color) => !used.has(color));
  return unused ?? SUBSCRIPTION_COLORS[usedColors.length % SUBSCRIPTION_COLORS.length];
}

/** Control characters and Unicode non-characters are refused in names, as Zulip does. */
function firstInvalidCharacter(value: string): number {
  let position = 0;
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    const isControl = code < 0x20 || (code >= 0x7f && code < 0xa0);
    const isNonCharacter = (code >= 0xfdd0 && code <= 0xfdef) || (code & 0xfffe) === 0xfffe;
    if (isControl || isNonCharacter) return position;
    position++;
  }
  return -1;
}

export function checkChannelName(raw: string): string {
  const name = raw.trim();
  if (name === '') throw ApiError.badRequest("Channel name can't be empty.");
  if ([...name].length > MAX_CHANNEL_NAME_LENGTH) {
    throw ApiError.badRequest(`Channel name too long (limit: ${MAX_CHANNEL_NAME_LENGTH} characters).`);
  }
  const invalid = firstInvalidCharacter(name);
  if (invalid >= 0) throw ApiError.badRequest(`Invalid character in channel name, at position ${invalid + 1}.`);
  return name;
}

export function checkChannelDescription(raw: string): string {
  const description = raw.replace(/\r\n?/g, '\n').trim();
  if ([...description].length > MAX_CHANNEL_DESCRIPTION_LENGTH) {
    throw ApiError.badRequest(`Channel description too long (limit: ${MAX_CHANNEL_DESCRIPTION_LENGTH} characters).`);
  }
  return description;
}

/**
 * Zulip's deprecated `stream_post_policy`, derived from `can_send_message_group`:
 * 2 administrators only, 3 full members, 4 moderators, otherwise 1 (anyone).
 */
export enum StreamPostPolicy {
  Everyone = 1,
  Administrators = 2,
  FullMembers = 3,
  Moderators = 4,
}

/**
 * Zulip's `parse_message_retention_days`: `realm_default` (null), `unlimited` (-1) or a
 * positive number of days. Clients send the words either raw or as JSON strings.
 */
export function parseRetentionDays(raw: string | undefined): number | null {
  if (raw === undefined) return null;
  let value: unknown = raw;
  try {
    value = JSON.parse(raw);
  } catch {
    // A bare word: keep the text.
  }
  if (value === 'realm_default') return null;
  if (value === 'unlimited') return -1;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  throw new ApiError(`Bad value for 'message_retention_days': ${raw}`, 'REQUEST_VARIABLE_INVALID', 400, {
    var_name: 'message_retention_days',
    bad_value: value,
  });
}
