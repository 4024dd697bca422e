import { privacyChange, privacyChoices, privacyOf, PRIVACY_LABELS, PRIVACY_NOTES, type ChannelPrivacy } from '../../app/channel-privacy';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { useSavedValue, type SettingControl } from '../../app/use-setting';
import type { GroupSetting, WireChannel } from '../../api/types';
import { groupSettingChange, GroupSettingPicker } from '../../components/GroupSettingPicker';
import { canAdministerChannel, creatableChannelKinds } from '../../store/admin-permissions';
import { isRealmAdmin, isRealmOwner } from '../../store/permissions';
import { useSelector } from '../../store/use-store';
import { AboutFields } from '../manage/AboutFields';
import { ConfirmButton } from '../manage/ConfirmButton';
import { SelectRow } from '../settings/SettingSelect';
import { ToggleRow } from '../settings/SettingToggle';

/** A channel's group settings, with Zulip's words for each, in its order. */
export const CHANNEL_GROUP_SETTINGS = [
  { name: 'can_send_message_group', label: 'Who can post to this channel' },
  { name: 'can_administer_channel_group', label: 'Who can administer this channel' },
  { name: 'can_add_subscribers_group', label: 'Who can subscribe others to this channel' },
  { name: 'can_remove_subscribers_group', label: 'Who can unsubscribe others from this channel' },
  { name: 'can_subscribe_group', label: 'Who can subscribe to this channel' },
] as const;

export type ChannelGroupSettingName = (typeof CHANNEL_GROUP_SETTINGS)[number]['name'];

/** Zulip's retention choices: the organization's, forever, or a number of days. */
const RETENTION_CHOICES = [
  { value: null, label: 'Use the organization’s setting' },
  { value: -1, label: 'Retain forever' },
  { value: 30, label: '30 days' },
  { value: 90, label: '90 days' },
  { value: 365, label: '1 year' },
];

/** A channel property's control: the store's value, a change sent as `PATCH /streams/{id}`. */
function useChannelControl(channel: WireChannel, shown: unknown, changes: (next: unknown) => Record<string, unknown>, editable: boolean): SettingControl {
  const actions = useAdminActions();
  return useSavedValue(shown, (next) => actions.updateChannel(channel.stream_id, changes(next)), editable);
}

function ChannelGroupSettingRow({ channel, name, label, editable }: { channel: WireChannel; name: ChannelGroupSettingName; label: string; editable: boolean }) {
  const actions = useAdminActions();
  const request = useRequest();
  return (
    <GroupSettingPicker
      label={label}
      value={channel[name]}
      editable={editable}
      request={request}
      onChange={(next: GroupSetting) => void request.run(() => actions.updateChannel(channel.stream_id, { [name]: groupSettingChange(next) }))}
    />
  );
}

/** A channel's General tab: name, description, privacy, default, retention, permissions, and Archive. */
export function ChannelGeneralTab({ channel }: { channel: WireChannel }) {
  const actions = useAdminActions();
  const mayAdminister = useSelector((state) => canAdministerChannel(state, channel));
  const admin = useSelector(isRealmAdmin);
  const owner = useSelector(isRealmOwner);
  const kinds = useSelector(creatableChannelKinds);
  const isDefault = useSelector((state) => state.defaultChannelIds.includes(channel.stream_id));
  const privacy = privacyOf(channel);
  const name = useChannelControl(channel, channel.name, (next) => ({ new_name: next }), mayAdminister);
  const description = useChannelControl(channel, channel.description, (next) => ({ description: next }), mayAdminister);
  const privacyControl = useChannelControl(channel, privacy, (next) => privacyChange(next as ChannelPrivacy), mayAdminister);
  const defaultControl = useChannelControl(channel, isDefault, (next) => ({ is_default_stream: next }), admin);
  const retention = useChannelControl(
    channel,
    channel.message_retention_days,
    (next) => ({ message_retention_days: next === null ? 'realm_default' : next === -1 ? 'unlimited' : String(next) }),
    owner,
  );
  const choices = privacyChoices(kinds, privacy).map((value) => ({ value, label: PRIVACY_LABELS[value] }));
  return (
    <>
      <AboutFields noun="channel" mayManage={mayAdminister} name={name} description={description} nameMaxLength={60} />
      <fieldset className="settings-group">
        <legend>Channel permissions</legend>
        <SelectRow label="Who can access this channel" control={privacyControl} choices={choices} note={PRIVACY_NOTES[privacy]} />
        {admin || isDefault ? <ToggleRow label="Default channel for new users" control={defaultControl} /> : null}
        <SelectRow label="Message retention period" control={retention} choices={RETENTION_CHOICES} note={owner ? undefined : 'Only organization owners can change this.'} />
        {CHANNEL_GROUP_SETTINGS.map((setting) => (
          <ChannelGroupSettingRow key={setting.name} channel={channel} name={setting.name} label={setting.label} editable={mayAdminister} />
        ))}
      </fieldset>
      {mayAdminister ? (
        <ConfirmButton
          label="Archive channel"
          title={`Archive #${channel.name}?`}
          explanation="No one can post to an archived channel, and it leaves everyone’s channel list. Its messages are kept."
          confirmLabel="Archive"
          action={() => actions.archiveChannel(channel.stream_id)}
        />
      ) : null}
    </>
  );
}
