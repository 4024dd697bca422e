import { useId, useState } from 'react';
import { privacyChoices, privacyOfNewChannel, PRIVACY_LABELS, PRIVACY_NOTES, type ChannelPrivacy } from '../../app/channel-privacy';
import { justMe, roleGroup } from '../../app/group-defaults';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import type { GroupSetting } from '../../api/types';
import { RecipientPicker } from '../../components/RecipientPicker';
import { creatableChannelKinds } from '../../store/admin-permissions';
import type { ClientState } from '../../store/state';
import { useSelector } from '../../store/use-store';
import { CreateButtons, NameFields, NewItemForm, NewPermissions, useOpenWhenMade } from '../manage/NewItemForm';
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
  useOpenWhenMade('channels', made === undefined ? undefined : { id: made.stream_id, name: made.name });

  const submit = () =>
    void request
      .run(() => actions.createChannel({ name: name.trim(), description, principals: subscribers, announce, groups: permissions, ...privacyOfNewChannel(privacy) }))
      .then((done) => done && setCreated(name.trim()));

  return (
    <NewItemForm id={id} title="Create a channel" onSubmit={submit}>
      <fieldset className="settings-group">
        <legend>About the channel</legend>
        <NameFields id={id} noun="Channel" name={name} onName={setName} description={description} onDescription={setDescription} maxLength={60} />
        <div className="setting-row">
          <label htmlFor={`${id}-privacy`}>Who can access the channel</label>
          <select id={`${id}-privacy`} value={privacy} onChange={(event) => setPrivacy(event.target.value as ChannelPrivacy)}>
            {choices.map((choice) => (
              <option key={choice} value={choice}>
                {PRIVACY_LABELS[choice]}
              </option>
            ))}
          </select>
          <p className="setting-note">{PRIVACY_NOTES[privacy]}</p>
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
      <NewPermissions settings={CHANNEL_GROUP_SETTINGS} chosen={permissions} defaults={defaults} onChange={setPermissions} />
      <CreateButtons id={id} disabled={request.busy || name.trim() === '' || created !== null} cancelHref="#channels/subscribed" error={request.error} pending={created === null ? null : `Creating #${created}…`} />
    </NewItemForm>
  );
}
