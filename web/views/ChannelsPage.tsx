import { itemHash, listHash, manageViewOf } from '../app/manage-route';
import { canCreateChannel } from '../store/admin-permissions';
import type { ClientState } from '../store/state';
import { useSelector } from '../store/use-store';
import { ChannelDetail, CHANNEL_TABS } from './channels/ChannelDetail';
import { CreateChannelForm } from './channels/CreateChannelForm';
import { ManageOverlay, type ManageListItem } from './manage/ManageOverlay';

const selectAllChannels = (state: ClientState) => state.allChannels;
const selectSubscribed = (state: ClientState) => state.channels;

/**
 * Channel settings (`#channels/...`), as Zulip 10.2's: the subscribed channels or all the
 * person may see, a channel's General, Personal and Subscribers tabs, and a new channel's form.
 */
export function ChannelsPage({ rest }: { rest: readonly string[] }) {
  const view = manageViewOf('channels', rest, CHANNEL_TABS.map((tab) => tab.id));
  const all = useSelector(selectAllChannels);
  const subscribed = useSelector(selectSubscribed);
  const mayCreate = useSelector(canCreateChannel);
  const selection = view.selection;
  // An open channel shows in the list it belongs to: the subscribed one when the person is subscribed.
  const list = selection.kind === 'item' && subscribed[selection.id] === undefined ? 'all' : view.list;
  const channels = Object.values(all)
    .filter((channel) => list === 'all' || subscribed[channel.stream_id] !== undefined)
    .sort((a, b) => a.name.localeCompare(b.name));
  const items: ManageListItem[] = channels.map((channel) => ({
    id: channel.stream_id,
    href: itemHash('channels', channel.stream_id, channel.name, 'general'),
    label: channel.name,
    mark: (
      <span className="channel-mark" style={{ color: subscribed[channel.stream_id]?.color }} aria-hidden="true">
        {channel.invite_only ? '🔒' : channel.is_web_public ? '🌐' : '#'}
      </span>
    ),
    detail: channel.description,
  }));
  return (
    <ManageOverlay
      title="Channel settings"
      lists={[
        { href: listHash('channels', 'mine'), label: 'Subscribed', current: list === 'mine' },
        { href: listHash('channels', 'all'), label: 'All channels', current: list === 'all' },
      ]}
      listLabel="Channels"
      items={items}
      emptyText={list === 'all' ? 'There are no channels you can view.' : 'You are not subscribed to any channel.'}
      selectedId={selection.kind === 'item' ? selection.id : null}
      create={mayCreate ? { href: '#channels/new', label: 'Create a channel', current: selection.kind === 'new' } : null}
      showingDetail={selection.kind !== 'none'}
    >
      {selection.kind === 'item' ? <ChannelDetail key={selection.id} channelId={selection.id} tab={selection.tab} /> : null}
      {selection.kind === 'new' ? mayCreate ? <CreateChannelForm /> : <p className="settings-empty">You may not create channels in this organization.</p> : null}
      {selection.kind === 'none' ? <p className="settings-empty manage-hint">Pick a channel to see its settings.</p> : null}
    </ManageOverlay>
  );
}
