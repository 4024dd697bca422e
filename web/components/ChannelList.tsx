import { namesOf } from '../app/hash-names';
import { formatHash, type Filter } from '../store/narrow';
import { selectSidebarChannels, selectUnreadCounts } from '../store/selectors';
import { useSelector } from '../store/use-store';
import { TopicList } from './TopicList';
import { UnreadCount } from './UnreadCount';

/** The person's channels with their unread counts; the open one lists its topics. */
export function ChannelList({ current }: { current: Filter }) {
  const channels = useSelector(selectSidebarChannels);
  const counts = useSelector(selectUnreadCounts);
  const names = useSelector(namesOf);
  const openId = current.kind === 'channel' ? current.channelId : null;
  return (
    <section className="sidebar-section" aria-labelledby="channels-heading">
      <h2 id="channels-heading" className="sidebar-heading">Channels</h2>
      {channels.length === 0 ? <p className="sidebar-empty">You are not subscribed to any channel yet.</p> : null}
      <ul className="sidebar-list">
        {channels.map((channel) => (
          <li key={channel.id}>
            <a
              className={channel.isMuted ? 'sidebar-row channel-row muted' : 'sidebar-row channel-row'}
              href={formatHash({ filter: { kind: 'channel', channelId: channel.id }, anchor: null, with: null }, names)}
              aria-current={openId === channel.id && current.kind === 'channel' && current.topic === undefined ? 'page' : undefined}
            >
              <span className="channel-mark" style={{ color: channel.color }} aria-hidden="true">
                {channel.inviteOnly ? '🔒' : '#'}
              </span>
              <span className="sidebar-label">{channel.name}</span>
              <UnreadCount count={counts.byChannel[channel.id] ?? 0} />
            </a>
            {openId === channel.id && current.kind === 'channel' ? <TopicList channelId={channel.id} currentTopic={current.topic} /> : null}
          </li>
        ))}
      </ul>
      <a className="sidebar-row sidebar-more" href="#channels/all">
        <span className="sidebar-label">Browse and create channels</span>
      </a>
    </section>
  );
}
