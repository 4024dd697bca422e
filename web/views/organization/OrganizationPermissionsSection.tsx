import { useOwnerSetting } from '../../app/use-setting';
import { RealmGroupSetting } from '../../components/GroupSettingPicker';
import { useSelector } from '../../store/use-store';
import { RealmToggle, ToggleRow } from '../settings/SettingToggle';
import { AdminOnlyNote } from './AdminOnlyNote';
import { JoinRestriction } from './EmailDomains';
import { LimitRow, type LimitUnit } from './LimitRow';
import { OwnerGroupSetting } from './OwnerGroupSetting';

const MINUTES: LimitUnit = { size: 60, name: 'minutes' };
/** Zulip's choices for the editing and deleting limits, in seconds. */
const EDIT_PRESETS = [
  { value: 2 * 60, label: '2 minutes' },
  { value: 10 * 60, label: '10 minutes' },
  { value: 60 * 60, label: '1 hour' },
  { value: 24 * 60 * 60, label: '1 day' },
  { value: 7 * 24 * 60 * 60, label: '1 week' },
];
/** Zulip's choices for the moving limits, in seconds. */
const MOVE_PRESETS = [
  { value: 60 * 60, label: '1 hour' },
  { value: 24 * 60 * 60, label: '1 day' },
  { value: 3 * 24 * 60 * 60, label: '3 days' },
  { value: 7 * 24 * 60 * 60, label: '1 week' },
];

function InviteRequiredRow() {
  return <ToggleRow label="Invitations are required for joining the organization" control={useOwnerSetting('invite_required')} />;
}

/**
 * Zulip's `organization-permissions`: who may do what (each group-based permission of the
 * realm, with the groups-and-people picker), how long messages may be edited, deleted and
 * moved, and who may join (invitations, email domains). Settings Zulip reserves to owners
 * are read-only for administrators; everything is read-only for members.
 */
export function OrganizationPermissionsSection() {
  const editing = useSelector((state) => state.realm.allow_message_editing !== false);
  return (
    <>
      <AdminOnlyNote />
      <fieldset className="settings-group">
        <legend>Joining the organization</legend>
        <InviteRequiredRow />
        <OwnerGroupSetting name="can_invite_users_group" label="Who can send email invitations to new users" />
        <OwnerGroupSetting name="create_multiuse_invite_group" label="Who can create reusable invitation links" />
        <JoinRestriction />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Channel permissions</legend>
        <RealmGroupSetting name="can_create_public_channel_group" label="Who can create public channels" />
        <RealmGroupSetting name="can_create_private_channel_group" label="Who can create private channels" />
        <RealmToggle name="enable_spectator_access" label="Allow creating web-public channels (visible to anyone on the Internet)" />
        <RealmGroupSetting name="can_create_web_public_channel_group" label="Who can create web-public channels" />
        <RealmGroupSetting name="can_add_subscribers_group" label="Who can subscribe others to channels" />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Group permissions</legend>
        <OwnerGroupSetting name="can_manage_all_groups" label="Who can administer all user groups" />
        <OwnerGroupSetting name="can_create_groups" label="Who can create user groups" />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Direct message permissions</legend>
        <RealmGroupSetting name="direct_message_permission_group" label="Who can authorize a direct message conversation" />
        <RealmGroupSetting name="direct_message_initiator_group" label="Who can start a direct message conversation" />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Moving messages</legend>
        <RealmGroupSetting name="can_move_messages_between_topics_group" label="Who can move messages to another topic" />
        <LimitRow name="move_messages_within_stream_limit_seconds" label="Time limit for moving messages between topics" presets={MOVE_PRESETS} unlimited={null} unlimitedLabel="Any time" unit={MINUTES} />
        <RealmGroupSetting name="can_move_messages_between_channels_group" label="Who can move messages to another channel" />
        <LimitRow name="move_messages_between_streams_limit_seconds" label="Time limit for moving messages between channels" presets={MOVE_PRESETS} unlimited={null} unlimitedLabel="Any time" unit={MINUTES} />
        <RealmGroupSetting name="can_resolve_topics_group" label="Who can resolve topics" />
        <p className="setting-note">Moderators and administrators can move messages at any time, whatever the limits.</p>
      </fieldset>
      <fieldset className="settings-group">
        <legend>Message editing</legend>
        <RealmToggle name="allow_message_editing" label="Allow message editing" />
        <LimitRow name="message_content_edit_limit_seconds" label="Time limit for editing messages" presets={EDIT_PRESETS} unlimited={null} unlimitedLabel="Any time" unit={MINUTES} applies={editing} />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Message deletion</legend>
        <RealmGroupSetting name="can_delete_any_message_group" label="Who can delete any message" />
        <RealmGroupSetting name="can_delete_own_message_group" label="Who can delete their own messages" />
        <LimitRow name="message_content_delete_limit_seconds" label="Time limit for deleting messages" presets={EDIT_PRESETS} unlimited={null} unlimitedLabel="Any time" unit={MINUTES} />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Other permissions</legend>
        <RealmGroupSetting name="can_add_custom_emoji_group" label="Who can add custom emoji" />
        <RealmGroupSetting name="can_mention_many_users_group" label="Who can notify a large number of users with a wildcard mention" />
        <RealmGroupSetting name="can_create_bots_group" label="Who can create any bot" />
        <RealmGroupSetting name="can_create_write_only_bots_group" label="Who can create bots that send messages into Zulip" />
        <RealmGroupSetting name="can_access_all_users_group" label="Who can view all other users in the organization" />
        <RealmGroupSetting name="can_summarize_topics_group" label="Who can use AI summaries" />
        <OwnerGroupSetting name="can_manage_billing_group" label="Who can manage plans and billing" />
      </fieldset>
      <fieldset className="settings-group">
        <legend>User identity</legend>
        <RealmToggle name="name_changes_disabled" label="Prevent users from changing their name" />
        <RealmToggle name="email_changes_disabled" label="Prevent users from changing their email address" />
        <RealmToggle name="avatar_changes_disabled" label="Prevent users from changing their avatar" />
        <RealmToggle name="require_unique_names" label="Require unique names" />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Guests</legend>
        <RealmToggle name="enable_guest_user_indicator" label="Display “(guest)” after names of guest users" />
        <RealmToggle name="enable_guest_user_dm_warning" label="Warn when composing a direct message to a guest" />
      </fieldset>
    </>
  );
}
