import { decodeValue } from '../../wire/params/wire-param';
import { RequestContext } from '../../wire/request-context';
import { checkSettingValue, settingKind, USER_SETTING_DEFAULTS, UserSettingName } from '../public/user-settings';

/**
 * The user settings a request sets (those `which` takes, all by default), each decoded,
 * checked and marked used: what `PATCH /settings` and `PATCH /realm/user_settings_defaults`
 * read alike.
 */
export function settingParams(
  context: RequestContext,
  which: (name: UserSettingName) => boolean = () => true,
): Map<UserSettingName, boolean | number | string> {
  const settings = new Map<UserSettingName, boolean | number | string>();
  for (const name of Object.keys(USER_SETTING_DEFAULTS) as UserSettingName[]) {
    if (!which(name)) continue;
    const raw = context.params.get(name);
    if (raw === undefined) continue;
    context.usedParams.add(name);
    const value = decodeValue(name, settingKind(name), raw) as boolean | number | string;
    checkSettingValue(name, value);
    settings.set(name, value);
  }
  return settings;
}
