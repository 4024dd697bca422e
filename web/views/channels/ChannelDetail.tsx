import { useAdminActions } from '../../app/services';
import { itemHash } from '../../app/manage-route';
import { useRequest } from '../../app/use-request';
import type { WireChannel } from '../../api/types';
import { canSubscribeSelf, isSubscribed } from '../../store/admin-permissions';
import { useSelector } from '../../store/use-store';
import { ManageTabs } from '../manage/ManageOverlay';
import { FieldMessage } from '../settings/FieldMessage';
import { ChannelGeneralTab } from './ChannelGeneralTab';
import { ChannelPersonalTab } from './ChannelPersonalTab';
import { ChannelSubscribersTab } from './ChannelSubscribersTab';

export const CHANNEL_TABS = [
  { id: 'general', label: 'General' },
  { id: 'personal', label: 'Personal' },
  { id: 'subscribers', label: 'Subscribers' },
] as const;

/** Subscribe or Unsubscribe oneself, where the server allows it. */
function SubscribeButton({ channel }: { channel: WireChannel }) {
  const actions = useAdminActions();
  const request = useRequest();
  const subscribed = useSelector((state) => isSubscribed(state, channel.stream_id));
  const mayJoin = useSelector((state) => canSubscribeSelf(state, channel));
  if (!subscribed && !mayJoin) return null;
  return (
    <div className="manage-header-action">
      <button
        type="button"
        className={subscribed ? 'button-quiet' : 'button-primary'}
        disabled={request.busy}
        onClick={() => void request.run(() => (subscribed ? actions.unsubscribe(channel.name) : actions.subscribe(channel.name)))}
      >
        {subscribed ? 'Unsubscribe' : 'Subscribe'}
      </button>
      <FieldMessage id={`subscribe-${channel.stream_id}-message`} error={request.error} />
    </div>
  );
}

/** One channel's settings: its name and privacy, Subscribe or Unsubscribe, and its three tabs. */
export function ChannelDetail({ channelId, tab }: { channelId: number; tab: string }) {
  const channel = useSelector((state) => state.allChannels[channelId]);
  if (channel === undefined) {
    return <p className="settings-empty">This channel does not exist, or you cannot see it (it may have been archived).</p>;
  }
  const tabs = CHANNEL_TABS.map((entry) => ({ ...entry, href: itemHash('channels', channel.stream_id, channel.name, entry.id) }));
  return (
    <section className="manage-detail" aria-labelledby="manage-detail-heading">
      <div className="manage-detail-header">
        <h2 id="manage-detail-heading">
          <span aria-hidden="true">{channel.invite_only ? '🔒 ' : '# '}</span>
          {channel.name}
        </h2>
        <SubscribeButton channel={channel} />
      </div>
      <ManageTabs tabs={tabs} current={tab} label="Channel settings tabs" />
      {tab === 'personal' ? <ChannelPersonalTab channel={channel} /> : null}
      {tab === 'subscribers' ? <ChannelSubscribersTab channel={channel} /> : null}
      {tab !== 'personal' && tab !== 'subscribers' ? <ChannelGeneralTab channel={channel} /> : null}
    </section>
  );
}
