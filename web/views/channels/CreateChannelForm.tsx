import { useEffect, useId, useState } from 'react';
import { privacyChoices, privacyOfNewChannel, PRIVACY_LABELS, type ChannelPrivacy } from '../../app/channel-privacy';
import { justMe, roleGroup } from '../../app/group-defaults';
import { itemHash } from '../../app/manage-route';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import type { GroupSetting } from '../../api/types';
import { GroupSettingPicker } from '../../components/GroupSettingPicker';
import { RecipientPicker } from '../../components/RecipientPicker';
import { creatableChannelKinds } from '../../store/admin-permissions';
import type { ClientState } from '../../store/state';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';
import { CHANNEL_GROUP_SETTINGS, type ChannelGroupSettingName } from './ChannelGeneralTab';

/** Zulip 10.2's defaults for a new channel's permissions (the creator administers it). */
function defaultPermissions(state: ClientState): Record<ChannelGroupSettingName, GroupSetting> {
  return {
    can_send_message_group: roleGroup(state, 'role:everyone'),
    can_administer_channel_group: justMe(state),
    can_add_subscribers_group: roleGroup(state, 'role:nobody'),
    can_remove_subscribers_group: roleGroup(state, 'role:administrators'),
    can_subscribe_group: roleGroup(state, 'role:nobody'),
  };
}

/** `#channels/new`: a new channel's name, description, privacy, subscribers and permissions; its settings open once it exists. */
export function CreateChannelForm() {
  const actions = useAdminActions();
  const request = useRequest();
  const id = useId();
  const me = useSelector((state) => state.session?.userId);
  const kinds = useSelector(creatableChannelKinds);
  const defaults = useSelector(defaultPermissions);
  const choices = privacyChoices(kinds);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [privacy, setPrivacy] = useState<ChannelPrivacy>(choices.includes('public') ? 'public' : (choices[0] ?? 'public'));
  const [subscribers, setSubscribers] = useState<number[]>(me === undefined ? [] : [me]);
  const [announce, setAnnounce] = useState(true);
  const [permissions, setPermissions] = useState<Partial<Record<ChannelGroupSettingName, GroupSetting>>>({});
  const [created, setCreated] = useState<string | null>(null);
  const made = useSelector((state) => (created === null ? undefined : Object.values(state.allChannels).find((channel) => channel.name === created)));

  useEffect(() => {
    if (made !== undefined) window.location.hash = itemHash('channels', made.stream_id, made.name, 'general');
  }, [made]);

  const submit = () =>
    void request
      .run(() => actions.createChannel({ name: name.trim(), description, principals: subscribers, announce, groups: permissions, ...privacyOfNewChannel(privacy) }))
      .then((done) => done && setCreated(name.trim()));

  return (
    <form
      className="manage-detail"
      aria-labelledby={`${id}-heading`}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <h2 id={`${id}-heading`}>Create a channel</h2>
      <fieldset className="settings-group">
        <legend>About the channel</legend>
        <div className="setting-row">
          <label htmlFor={`${id}-name`}>Channel name</label>
          <input id={`${id}-name`} type="text" required maxLength={60} value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="setting-row">
          <label htmlFor={`${id}-description`}>Channel description</label>
          <textarea id={`${id}-description`} rows={3} maxLength={1024} value={description} onChange={(event) => setDescription(event.target.value)} />
        </div>
        <div className="setting-row">
          <label htmlFor={`${id}-privacy`}>Who can access the channel</label>
          <select id={`${id}-privacy`} value={privacy} onChange={(event) => setPrivacy(event.target.value as ChannelPrivacy)}>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {PRIVACY_LABELS[choice]}
              </option>
            ))}
          </select>
        </div>
        <label className="setting-check">
          <input type="checkbox" checked={announce} onChange={(event) => setAnnounce(event.target.checked)} />
          Announce the new channel
        </label>
      </fieldset>
      <fieldset className="settings-group">
        <legend>Subscribers</legend>
        <RecipientPicker userIds={subscribers} onChange={setSubscribers} label="Subscribers of the new channel" fieldLabel="Add a subscriber" />
      </fieldset>
      <fieldset className="settings-group">
        <legend>Permissions</legend>
        {CHANNEL_GROUP_SETTINGS.map((setting) => (
          <GroupSettingPicker
            key={setting.name}
            label={setting.label}
            value={permissions[setting.name] ?? defaults[setting.name]}
            editable
            onChange={(next: GroupSetting) => setPermissions({ ...permissions, [setting.name]: next })}
          />
        ))}
      </fieldset>
      <div className="button-row">
        <button type="submit" className="button-primary" disabled={request.busy || name.trim() === '' || created !== null}>
          Create
        </button>
        <a className="button-quiet" href="#channels/subscribed">
          Cancel
        </a>
      </div>
      <FieldMessage id={`${id}-message`} error={request.error} done={created === null ? null : `Creating #${created}…`} />
    </form>
  );
}
