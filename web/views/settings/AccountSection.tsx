import { ApiKeyForm } from './ApiKeyForm';
import { EmailForm } from './EmailForm';
import { PasswordForm } from './PasswordForm';
import { SettingSelect, type Choice } from './SettingSelect';
import { SettingToggle } from './SettingToggle';

/** Zulip's `email_address_visibility` values, widest first. */
const EMAIL_VISIBILITY: readonly Choice[] = [
  { value: 1, label: 'Admins, moderators, members and guests' },
  { value: 2, label: 'Admins, moderators and members' },
  { value: 5, label: 'Admins and moderators' },
  { value: 3, label: 'Admins only' },
  { value: 4, label: 'Nobody' },
];

/** The account (email, password, API key) and what others may see of the person. */
export function AccountSection() {
  return (
    <>
      <fieldset className="settings-group">
        <legend>Account</legend>
        <EmailForm />
        <h3 className="setting-subheading">Password</h3>
        <PasswordForm />
        <h3 className="setting-subheading">API key</h3>
        <ApiKeyForm />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Privacy</legend>
        <SettingSelect name="email_address_visibility" label="Who can see my email address" choices={EMAIL_VISIBILITY} />
        <SettingToggle name="presence_enabled" label="Show others when I am online" />
        <SettingToggle name="send_private_typing_notifications" label="Let people see when I am typing a direct message" />
        <SettingToggle name="send_stream_typing_notifications" label="Let people see when I am typing in a channel" />
        <SettingToggle name="send_read_receipts" label="Let people see when I have read their messages" />
      </fieldset>
    </>
  );
}
