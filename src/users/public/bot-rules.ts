import { ApiError } from '../../shared/api-error';
import { insufficientPermission } from '../../shared/authorization';
import { BotType } from '../../shared/roles';

/** Service.GENERIC and Service.SLACK: the format an outgoing webhook posts in. */
export enum ServiceInterface {
  Generic = 1,
  Slack = 2,
}

/** Zulip's embedded bots (zerver/lib/integrations.py EMBEDDED_BOTS). */
export const EMBEDDED_BOT_NAMES: readonly string[] = ['converter', 'encrypt', 'helloworld', 'virtual_fs', 'giphy', 'followup'];

/**
 * Register's `realm_embedded_bots`: each embedded bot with its configuration template,
 * Zulip's `load_bot_config_template` (the `[<name>]` section of zulip_bots' `<name>.conf`,
 * which only giphy ships; `{}` for the others).
 */
export function embeddedBotCatalog(): { name: string; config: Record<string, string> }[] {
  const templates: Readonly<Record<string, Record<string, string>>> = { giphy: { key: '12345678' } };
  return EMBEDDED_BOT_NAMES.map((name) => ({ name, config: { ...(templates[name] ?? {}) } }));
}

/** settings.BOT_CONFIG_SIZE_LIMIT: all keys and values of one bot's configuration together. */
export const BOT_CONFIG_SIZE_LIMIT = 10_000;

/** Zulip's `check_short_name` plus the address it makes: `<short_name>-bot@<bot domain>`. */
export function botEmail(shortNameRaw: string, botDomain: string): { shortName: string; email: string } {
  const shortName = shortNameRaw.trim();
  // An address's local part: what Python's email.headerregistry.Address accepts unquoted.
  if (shortName.length === 0 || !/^[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]+$/.test(shortName) || shortName.startsWith('.')
    || shortName.endsWith('.') || shortName.includes('..')) {
    throw ApiError.badRequest('Bad name or username');
  }
  return { shortName, email: `${shortName}-bot@${botDomain}` };
}

export function checkBotType(botType: number): BotType {
  if (!Object.values(BotType).includes(botType)) throw ApiError.badRequest('Invalid bot type');
  return botType as BotType;
}

/** `check_valid_interface_type`. */
export function checkInterfaceType(value: number): ServiceInterface {
  if (value !== ServiceInterface.Generic && value !== ServiceInterface.Slack) throw ApiError.badRequest('Invalid interface type');
  return value;
}

/**
 * Zulip's `check_url` (Django's URLValidator): an absolute http(s) or ftp(s) URL with a
 * host and no whitespace.
 */
export function checkUrl(name: string, value: unknown): string {
  const fail = () => ApiError.badRequest(`${name} is not a URL`);
  if (typeof value !== 'string') throw ApiError.badRequest(`${name} is not a string`);
  if (value.length === 0 || value.length > 2048 || /\s/.test(value)) throw fail();
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw fail();
  }
  if (!['http:', 'https:', 'ftp:', 'ftps:'].includes(url.protocol) || url.hostname === '') throw fail();
  if (!/^[a-z][a-z0-9+.-]*:\/\/[^/?#]+/i.test(value)) throw fail();
  return value;
}

/** `check_dict(value_validator=check_string)` for `config_data`. */
export function checkConfigData(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw ApiError.badRequest('config_data is not a dict');
  const result: Record<string, string> = {};
  for (const [key, entry] of Object.entries(value as Record<string, unknown>)) {
    if (typeof entry !== 'string') throw ApiError.badRequest(`config_data["${key}"] is not a string`);
    result[key] = entry;
  }
  return result;
}

/** `set_bot_config`'s limit on the stored configuration's size. */
export function checkConfigSize(merged: Record<string, string>): void {
  const size = Object.entries(merged).reduce((sum, [key, value]) => sum + key.length + value.length, 0);
  if (size > BOT_CONFIG_SIZE_LIMIT) {
    throw ApiError.badRequest(
      `Cannot store configuration. Request would require ${size} characters. The current configuration size limit is ${BOT_CONFIG_SIZE_LIMIT} characters.`,
    );
  }
}

/**
 * `UserProfile.allowed_bot_types` under `can_create_bots_group` and
 * `can_create_write_only_bots_group`; Zulip's `check_can_create_bot` refuses first.
 */
export function checkCanCreateBot(botType: number, mayCreateBots: boolean, mayCreateWriteOnlyBots: boolean): void {
  if (mayCreateBots) return;
  if (botType === BotType.IncomingWebhook && mayCreateWriteOnlyBots) return;
  throw insufficientPermission();
}
