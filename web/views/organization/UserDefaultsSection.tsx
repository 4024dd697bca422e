import { useUserDefault } from '../../app/use-setting';
import { SelectRow } from '../settings/SettingSelect';
import { ToggleRow } from '../settings/SettingToggle';
import { AdminOnlyNote } from './AdminOnlyNote';
import { DEFAULT_GROUPS, type DefaultSetting } from './user-default-settings';

function DefaultRow({ setting }: { setting: DefaultSetting }) {
  const control = useUserDefault(setting.name);
  return setting.choices === undefined ? <ToggleRow label={setting.label} control={control} /> : <SelectRow label={setting.label} control={control} choices={setting.choices} />;
}

/**
 * Zulip's `organization-level-user-defaults`: the settings people who join from now on
 * start with (`realm_user_settings_defaults`); no one who already has an account changes.
 */
export function UserDefaultsSection() {
  return (
    <>
      <AdminOnlyNote />
      <p className="section-intro" role="note">
        These are the settings new users start with when they join. Existing users are not changed: each keeps their own settings.
      </p>
      {DEFAULT_GROUPS.map((group) => (
        <fieldset key={group.legend} className="settings-group">
          <legend>{group.legend}</legend>
          {group.settings.map((setting) => (
            <DefaultRow key={setting.name} setting={setting} />
          ))}
        </fieldset>
      ))}
    </>
  );
}
