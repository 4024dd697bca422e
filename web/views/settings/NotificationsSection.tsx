import { SettingSelect, type Choice } from './SettingSelect';
import { SettingToggle } from './SettingToggle';

/** Zulip's batching choices for message notification emails, in seconds. */
export const BATCHING: readonly Choice[] = [
  { value: 120, label: '2 minutes' },
  { value: 300, label: '5 minutes' },
  { value: 600, label: '10 minutes' },
  { value: 1800, label: '30 minutes' },
  { value: 3600, label: '1 hour' },
  { value: 21600, label: '6 hours' },
  { value: 86400, label: '1 day' },
  { value: 604800, label: '1 week' },
];
export const REALM_NAME: readonly Choice[] = [
  { value: 1, label: 'Automatic' },
  { value: 2, label: 'Always' },
  { value: 3, label: 'Never' },
];

/** The settings the server's notification and digest emails follow. */
export function NotificationsSection() {
  return (
    <>
      <fieldset className="settings-group">
        <legend>Email notifications</legend>
        <SettingToggle name="enable_offline_email_notifications" label="Email me direct messages, mentions and alert words while I am away" />
        <SettingToggle name="enable_stream_email_notifications" label="Email me messages in channels set to notify by email" />
        <SettingToggle name="enable_followed_topic_email_notifications" label="Email me messages in topics I follow" />
        <SettingToggle name="wildcard_mentions_notify" label="Notify me of @all and @everyone mentions" />
        <SettingToggle name="message_content_in_email_notifications" label="Include the message's content in notification emails" />
        <SettingSelect name="email_notifications_batching_period_seconds" label="Wait before sending notification emails" choices={BATCHING} />
        <SettingSelect name="realm_name_in_email_notifications_policy" label="Organization name in the subject" choices={REALM_NAME} />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Other emails</legend>
        <SettingToggle name="enable_digest_emails" label="Send me digest emails when I have been away" />
        <SettingToggle name="enable_login_emails" label="Email me when my account is signed in to" />
      </fieldset>
    </>
  );
}
