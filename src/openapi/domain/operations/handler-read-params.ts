import { REALM_GROUP_SETTINGS } from '../../../groups/public/permission-settings';
import { ANNOUNCEMENT_CHANNEL_SETTINGS, REALM_PROPERTIES, RealmPropertyKind } from '../../../realm/public/realm-properties';
import { isRealmDefaultSetting, settingKind, USER_SETTING_DEFAULTS, UserSettingName } from '../../../users/public/user-settings';
import { anyValue, bool, int, JsonSchema, str } from '../json-schema';

/**
 * Parameters of the endpoints that read their parameters from tables rather than a
 * `@WireParam` class, generated from those same tables.
 */

export const jsonEncoded = (description: string): JsonSchema => ({ ...anyValue, description: `JSON-encoded. ${description}` });

/** A file part of a multipart body (any field name is accepted). */
export const binaryFile: JsonSchema = { type: 'string', format: 'binary' };

function settingSchema(name: UserSettingName, description: string): JsonSchema {
  const kind = settingKind(name);
  return { ...(kind === 'bool' ? bool : kind === 'int' ? int : str), description };
}

const personal = (name: string): string =>
  `The personal setting \`${name}\`; its current value is in \`user_settings\` of the register answer.`;

const realmDefault = (name: string): string =>
  `The default of \`${name}\` for accounts created from now on (register's \`realm_user_settings_defaults\` holds the current defaults).`;

const settingNames = Object.keys(USER_SETTING_DEFAULTS) as UserSettingName[];

/** `PATCH /settings`: every personal setting, plus the account's name, address, password and time zone. */
export const PERSONAL_SETTING_PARAMS: Record<string, JsonSchema> = {
  ...Object.fromEntries(settingNames.map((name) => [name, settingSchema(name, personal(name))])),
  full_name: { ...str, description: 'The user\'s new full name, where the organization lets users change it.' },
  email: { ...str, description: 'A new email address: a confirmation link is mailed to it, and the address changes when it is opened.' },
  old_password: { ...str, description: 'The current password, needed with `new_password`.' },
  new_password: { ...str, description: 'The new password.' },
  timezone: { ...str, description: 'The user\'s time zone, an IANA name such as `Europe/Paris` (empty: unset).' },
};

/** `PATCH /realm/user_settings_defaults`: the settings a realm sets defaults for. */
export const DEFAULT_SETTING_PARAMS: Record<string, JsonSchema> = Object.fromEntries(
  settingNames.filter(isRealmDefaultSetting).map((name) => [name, settingSchema(name, realmDefault(name))]),
);

const realmProperty = (name: string): string =>
  `The organization setting \`${name}\`; its current value is \`realm_${name}\` in the register answer.`;

function realmPropertySchema(name: string, kind: RealmPropertyKind): JsonSchema {
  switch (kind) {
    case 'bool':
      return { ...bool, description: realmProperty(name) };
    case 'int':
      return { ...int, description: realmProperty(name) };
    case 'string':
      return { ...str, description: realmProperty(name) };
    case 'time-limit':
      return jsonEncoded(`${realmProperty(name)} A number of seconds, or "unlimited".`);
    case 'retention-days':
      return jsonEncoded(`${realmProperty(name)} A number of days (at least 1), or "unlimited" (stored as -1). Organization owners only.`);
  }
}

/** `PATCH /realm`: plain properties, and group settings as JSON `{"new": ..., "old": ...}`. */
export const REALM_SETTING_PARAMS: Record<string, JsonSchema> = {
  ...Object.fromEntries(
    Object.entries(REALM_PROPERTIES).map(([name, spec]) => [name, realmPropertySchema(name, spec.kind)]),
  ),
  ...Object.fromEntries(Object.keys(REALM_GROUP_SETTINGS).map((name) => [name, jsonEncoded(`The organization's permission \`${name}\`: \`{"new": value, "old": value}\`; a value is a group id or \`{"direct_members": [...], "direct_subgroups": [...]}\`.`)])),
  enable_spectator_access: { ...bool, description: 'Whether visitors without an account may read the web-public channels.' },
  ...Object.fromEntries(ANNOUNCEMENT_CHANNEL_SETTINGS.map((name) => [name, { ...int, description: `${realmProperty(name)} A channel's id, or -1 for none.` }])),
};
