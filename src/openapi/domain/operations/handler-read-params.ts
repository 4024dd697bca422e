import { REALM_GROUP_SETTINGS } from '../../../groups/public/permission-settings';
import { REALM_PROPERTIES, RealmPropertyKind } from '../../../realm/public/realm-properties';
import { isRealmDefaultSetting, settingKind, USER_SETTING_DEFAULTS, UserSettingName } from '../../../users/public/user-settings';
import { anyValue, bool, int, JsonSchema, str } from '../json-schema';

/**
 * Parameters of the endpoints that read their parameters from tables rather than a
 * `@WireParam` class, generated from those same tables.
 */

export const jsonEncoded = (description: string): JsonSchema => ({ ...anyValue, description: `JSON-encoded. ${description}` });

/** A file part of a multipart body (any field name is accepted). */
export const binaryFile: JsonSchema = { type: 'string', format: 'binary' };

function settingSchema(name: UserSettingName): JsonSchema {
  const kind = settingKind(name);
  return kind === 'bool' ? bool : kind === 'int' ? int : str;
}

const settingNames = Object.keys(USER_SETTING_DEFAULTS) as UserSettingName[];

/** `PATCH /settings`: every personal setting, plus the account's name, address, password and time zone. */
export const PERSONAL_SETTING_PARAMS: Record<string, JsonSchema> = {
  ...Object.fromEntries(settingNames.map((name) => [name, settingSchema(name)])),
  full_name: str,
  email: str,
  old_password: str,
  new_password: str,
  timezone: str,
};

/** `PATCH /realm/user_settings_defaults`: the settings a realm sets defaults for. */
export const DEFAULT_SETTING_PARAMS: Record<string, JsonSchema> = Object.fromEntries(
  settingNames.filter(isRealmDefaultSetting).map((name) => [name, settingSchema(name)]),
);

function realmPropertySchema(kind: RealmPropertyKind): JsonSchema {
  switch (kind) {
    case 'bool':
      return bool;
    case 'int':
      return int;
    case 'string':
      return str;
    case 'time-limit':
      return jsonEncoded('A number of seconds, or "unlimited".');
    case 'retention-days':
      return jsonEncoded('A number of days (at least 1), or "unlimited" (stored as -1). Organization owners only.');
  }
}

/** `PATCH /realm`: plain properties, and group settings as JSON `{"new": ..., "old": ...}`. */
export const REALM_SETTING_PARAMS: Record<string, JsonSchema> = {
  ...Object.fromEntries(
    Object.entries(REALM_PROPERTIES).map(([name, spec]) => [name, realmPropertySchema(spec.kind)]),
  ),
  ...Object.fromEntries(Object.keys(REALM_GROUP_SETTINGS).map((name) => [name, jsonEncoded('`{"new": value, "old": value}`; a value is a group id or `{"direct_members": [...], "direct_subgroups": [...]}`.')])),
  enable_spectator_access: bool,
};
