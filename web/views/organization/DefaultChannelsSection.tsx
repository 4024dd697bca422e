import { useId, useState } from 'react';
import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import type { WireChannel, WireDefaultChannelGroup } from '../../api/types';
import { isRealmAdmin } from '../../store/permissions';
import type { ClientState } from '../../store/state';
import { useSelector } from '../../store/use-store';
import { FieldMessage } from '../settings/FieldMessage';
import { AdminOnlyNote } from './AdminOnlyNote';
import { DefaultChannelGroupCard } from './DefaultChannelGroupCard';

const selectAllChannels = (state: ClientState) => state.allChannels;
const selectDefaultIds = (state: ClientState) => state.defaultChannelIds;
const selectGroups = (state: ClientState) => state.defaultChannelGroups;

const byName = (a: WireChannel, b: WireChannel) => a.name.localeCompare(b.name);

/** A menu of channels and an Add button; `onAdd` gets the picked channel. */
export function AddChannelForm({ label, candidates, onAdd, button }: { label: string; candidates: readonly WireChannel[]; onAdd: (channel: WireChannel) => Promise<void>; button: string }) {
  const request = useRequest();
  const id = useId();
  const [picked, setPicked] = useState('');
  const channel = candidates.find((candidate) => String(candidate.stream_id) === picked);
  return (
    <form
      className="inline-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (channel !== undefined) void request.run(() => onAdd(channel)).then((done) => done && setPicked(''));
      }}
    >
      <label htmlFor={id}>{label}</label>
      <select id={id} value={picked} onChange={(event) => setPicked(event.target.value)}>
        <option value="">Pick a channel…</option>
        {candidates.map((candidate) => (
          <option key={candidate.stream_id} value={candidate.stream_id}>
            {candidate.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button-primary" disabled={channel === undefined || request.busy}>
        {button}
      </button>
      <FieldMessage id={`${id}-message`} error={request.error} />
    </form>
  );
}

function DefaultChannelRow({ channel, admin }: { channel: WireChannel; admin: boolean }) {
  const actions = useAdminActions();
  const request = useRequest();
  return (
    <li>
      <span className="settings-list-main">#{channel.name}</span>
      <span className="settings-list-meta">{channel.description}</span>
      {admin ? (
        <button type="button" className="button-quiet" aria-label={`Remove #${channel.name} from the default channels`} disabled={request.busy} onClick={() => void request.run(() => actions.removeDefaultChannel(channel.stream_id))}>
          Remove from default
        </button>
      ) : null}
      <FieldMessage id={`default-${channel.stream_id}-message`} error={request.error} />
    </li>
  );
}

function CreateGroupForm({ channels }: { channels: readonly WireChannel[] }) {
  const actions = useAdminActions();
  const request = useRequest();
  const id = useId();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  return (
    <form
      className="setting-form"
      onSubmit={(event) => {
        event.preventDefault();
        void request.run(() => actions.createDefaultChannelGroup(name.trim(), description, picked)).then((done) => {
          if (!done) return;
          setName('');
          setDescription('');
          setPicked([]);
        });
      }}
    >
      <label htmlFor={`${id}-name`}>Group name</label>
      <input id={`${id}-name`} type="text" required maxLength={60} value={name} onChange={(event) => setName(event.target.value)} />
      <label htmlFor={`${id}-description`}>Group description</label>
      <input id={`${id}-description`} type="text" maxLength={1024} value={description} onChange={(event) => setDescription(event.target.value)} />
      <label htmlFor={`${id}-channels`}>Channels</label>
      <select id={`${id}-channels`} multiple size={Math.min(6, Math.max(2, channels.length))} value={picked} onChange={(event) => setPicked([...event.target.selectedOptions].map((option) => option.value))}>
        {channels.map((channel) => (
          <option key={channel.stream_id} value={channel.name}>
            {channel.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button-primary" disabled={request.busy || name.trim() === '' || picked.length === 0}>
        Create group
      </button>
      <FieldMessage id={`${id}-message`} error={request.error} />
    </form>
  );
}

/**
 * `#organization/default-channels-list`: the channels new people join (`/default_streams`),
 * and the default channel groups they may pick from when they sign up
 * (`/default_stream_groups`). Administrators change them; others read them.
 */
export function DefaultChannelsSection() {
  const actions = useAdminActions();
  const admin = useSelector(isRealmAdmin);
  const all = useSelector(selectAllChannels);
  const defaultIds = useSelector(selectDefaultIds);
  const groups = useSelector(selectGroups);
  const defaults = defaultIds.map((id) => all[id]).filter((channel): channel is WireChannel => channel !== undefined).sort(byName);
  const publicChannels = Object.values(all).filter((channel) => !channel.invite_only).sort(byName);
  const candidates = publicChannels.filter((channel) => !defaultIds.includes(channel.stream_id));
  // The server keeps default channels out of default channel groups.
  return (
    <>
      <AdminOnlyNote />
      <section className="settings-group" aria-labelledby="default-channels-heading">
        <h3 id="default-channels-heading">Default channels</h3>
        <p className="setting-note">New people are subscribed to these channels when they join. A default channel must be public.</p>
        {admin ? <AddChannelForm label="Add a default channel" candidates={candidates} button="Add channel" onAdd={(channel) => actions.addDefaultChannel(channel.stream_id)} /> : null}
        {defaults.length === 0 ? <p className="settings-empty">There are no default channels.</p> : null}
        <ul className="settings-list" aria-label="Default channels">
          {defaults.map((channel) => (
            <DefaultChannelRow key={channel.stream_id} channel={channel} admin={admin} />
          ))}
        </ul>
      </section>
      <section className="settings-group" aria-labelledby="default-groups-heading">
        <h3 id="default-groups-heading">Default channel groups</h3>
        <p className="setting-note">People signing up may pick groups of channels to join as well.</p>
        {groups.length === 0 ? <p className="settings-empty">There are no default channel groups.</p> : null}
        {groups.map((group: WireDefaultChannelGroup) => (
          <DefaultChannelGroupCard key={group.id} group={group} candidates={candidates} admin={admin} />
        ))}
        {admin ? (
          <fieldset className="settings-group default-group-new">
            <legend>New default channel group</legend>
            <CreateGroupForm channels={candidates} />
          </fieldset>
        ) : null}
      </section>
    </>
  );
}
