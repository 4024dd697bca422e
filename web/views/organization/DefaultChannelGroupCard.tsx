import { useAdminActions } from '../../app/services';
import { useRequest } from '../../app/use-request';
import { useSavedValue } from '../../app/use-setting';
import type { WireChannel, WireDefaultChannelGroup } from '../../api/types';
import { useSelector } from '../../store/use-store';
import { ConfirmButton } from '../manage/ConfirmButton';
import { FieldMessage } from '../settings/FieldMessage';
import { TextRow } from '../settings/TextRow';
import { AddChannelForm } from './DefaultChannelsSection';

function GroupChannelRow({ group, channel, admin }: { group: WireDefaultChannelGroup; channel: WireChannel; admin: boolean }) {
  const actions = useAdminActions();
  const request = useRequest();
  return (
    <li>
      <span className="settings-list-main">#{channel.name}</span>
      {admin ? (
        <button
          type="button"
          className="button-quiet"
          aria-label={`Remove #${channel.name} from ${group.name}`}
          disabled={request.busy}
          onClick={() => void request.run(() => actions.changeDefaultChannelGroupChannels(group.id, 'remove', [channel.name]))}
        >
          Remove
        </button>
      ) : null}
      <FieldMessage id={`group-${group.id}-channel-${channel.stream_id}-message`} error={request.error} />
    </li>
  );
}

/**
 * One default channel group: its name and description, its channels (added and removed one
 * by one; `candidates` are those it may take), and Delete.
 */
export function DefaultChannelGroupCard({ group, candidates, admin }: { group: WireDefaultChannelGroup; candidates: readonly WireChannel[]; admin: boolean }) {
  const actions = useAdminActions();
  const all = useSelector((state) => state.allChannels);
  const name = useSavedValue(group.name, (next) => actions.updateDefaultChannelGroup(group.id, { new_group_name: String(next) }), admin);
  const description = useSavedValue(group.description, (next) => actions.updateDefaultChannelGroup(group.id, { new_description: String(next) }), admin);
  const members = group.streams.map((id) => all[id]).filter((channel): channel is WireChannel => channel !== undefined);
  const others = candidates.filter((channel) => !group.streams.includes(channel.stream_id));
  return (
    <fieldset className="settings-group default-group" aria-label={`Default channel group ${group.name}`}>
      <legend>{group.name}</legend>
      <TextRow label="Group name" control={name} maxLength={60} />
      <TextRow label="Group description" control={description} maxLength={1024} />
      <ul className="settings-list" aria-label={`Channels in ${group.name}`}>
        {members.map((channel) => (
          <GroupChannelRow key={channel.stream_id} group={group} channel={channel} admin={admin} />
        ))}
      </ul>
      {admin ? (
        <>
          <AddChannelForm label={`Add a channel to ${group.name}`} candidates={others} button="Add to group" onAdd={(channel) => actions.changeDefaultChannelGroupChannels(group.id, 'add', [channel.name])} />
          <ConfirmButton
            label={`Delete ${group.name}`}
            title={`Delete the default channel group ${group.name}?`}
            explanation="People signing up will no longer be offered it. Its channels are not changed."
            confirmLabel="Delete"
            action={() => actions.deleteDefaultChannelGroup(group.id)}
          />
        </>
      ) : null}
    </fieldset>
  );
}
