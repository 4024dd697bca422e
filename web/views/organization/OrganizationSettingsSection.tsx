import { LANGUAGES } from '../../app/languages';
import { useSelector } from '../../store/use-store';
import { RealmSelect, type Choice } from '../settings/SettingSelect';
import { RealmToggle } from '../settings/SettingToggle';
import { RealmText } from '../settings/TextRow';
import { AdminOnlyNote } from './AdminOnlyNote';
import { AnnouncementChannelRow } from './AnnouncementChannelRow';
import { LimitRow } from './LimitRow';

const LANGUAGE_CHOICES: readonly Choice[] = LANGUAGES.map((language) => ({ value: language.code, label: language.name }));

/** Zulip's `digest_weekday`: Monday is 0. */
const WEEKDAYS: readonly Choice[] = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day, index) => ({ value: index, label: day }));

/** Register's `giphy_rating_options` (a top-level key, not among the realm's settings in the store), as Zulip names them. */
const GIPHY_RATINGS: readonly Choice[] = [
  { value: 0, label: 'GIPHY integration disabled' },
  { value: 1, label: 'Allow GIFs rated Y (Very young audience)' },
  { value: 2, label: 'Allow GIFs rated G (General audience)' },
  { value: 3, label: 'Allow GIFs rated PG (Parental guidance)' },
  { value: 4, label: 'Allow GIFs rated PG-13 (Parental guidance - under 13)' },
  { value: 5, label: 'Allow GIFs rated R (Restricted)' },
];

const RETENTION_PRESETS = [
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
  { value: 365, label: '1 year' },
];

/** Register's `{key: {name, id}}` table of video chat providers as choices. */
function choicesOf(table: unknown): Choice[] {
  if (table === null || typeof table !== 'object') return [];
  return Object.values(table).flatMap((entry: unknown) =>
    entry !== null && typeof entry === 'object' && 'id' in entry && 'name' in entry && typeof entry.id === 'number' ? [{ value: entry.id, label: String(entry.name) }] : [],
  );
}

/**
 * Zulip's `organization-settings`: the language and channels of automated messages, the
 * emails the organization sends, how long messages are kept (owners only), and the other
 * realm-wide choices (call provider, GIPHY, code blocks, topics, read receipts, previews).
 */
export function OrganizationSettingsSection() {
  const providers = useSelector((state) => state.realm.available_video_chat_providers);
  return (
    <>
      <AdminOnlyNote />
      <fieldset className="settings-group">
        <legend>Automated messages and emails</legend>
        <RealmSelect name="default_language" label="Language for automated messages and invitation emails" choices={LANGUAGE_CHOICES} />
        <AnnouncementChannelRow name="new_stream_announcements_stream_id" label="New channel announcements" />
        <AnnouncementChannelRow name="signup_announcements_stream_id" label="New user announcements" />
        <RealmToggle name="message_content_allowed_in_email_notifications" label="Allow message content in message notification emails" />
        <RealmToggle name="send_welcome_emails" label="Send emails introducing Zulip to new users" />
        <RealmToggle name="digest_emails_enabled" label="Send weekly digest emails to inactive users" />
        <RealmSelect name="digest_weekday" label="Day of the week to send digests" choices={WEEKDAYS} />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Message retention</legend>
        <LimitRow
          name="message_retention_days"
          label="Message retention period"
          presets={RETENTION_PRESETS}
          unlimited={-1}
          unlimitedLabel="Retain forever"
          unit={{ size: 1, name: 'days' }}
          ownerOnly
        />
        <p className="setting-note">Only organization owners can change how long messages are kept. Messages older than the period are deleted for good.</p>
      </fieldset>
      <fieldset className="settings-group">
        <legend>Other settings</legend>
        <RealmSelect name="video_chat_provider" label="Call provider" choices={choicesOf(providers)} />
        <RealmSelect name="giphy_rating" label="GIPHY integration" choices={GIPHY_RATINGS} />
        <RealmText name="default_code_block_language" label="Default language for code blocks" note="A code block without a language is highlighted as this one (empty: none)." />
        <RealmToggle name="mandatory_topics" label="Require topics in channel messages" />
        <RealmToggle name="enable_read_receipts" label="Enable read receipts" note="Users can still choose not to share that they have read a message." />
        <RealmToggle name="inline_image_preview" label="Show previews of uploaded and linked images and videos" />
        <RealmToggle name="inline_url_embed_preview" label="Show previews of linked websites" />
      </fieldset>
    </>
  );
}
