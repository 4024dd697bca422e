import { memo } from 'react';
import { namesOf } from '../app/hash-names';
import { dmKey } from '../store/conversation';
import { formatHash } from '../store/narrow';
import { selectDmTitle, topicLabel } from '../store/selectors';
import type { Where } from '../store/state';
import { useSelector } from '../store/use-store';

/** The bar over a run of messages in one conversation; its parts narrow to the channel, topic or DM. */
export const RecipientBar = memo(function RecipientBar({ where }: { where: Where }) {
  const names = useSelector(namesOf);
  const channel = useSelector((state) => (where.kind === 'channel' ? state.channels[where.channelId] : undefined));
  const me = useSelector((state) => state.session?.userId ?? -1);
  const label = useSelector((state) => (where.kind === 'channel' ? topicLabel(state, where.topic) : selectDmTitle(state, where.userIds)));
  if (where.kind === 'channel') {
    const channelHash = formatHash({ filter: { kind: 'channel', channelId: where.channelId }, anchor: null, with: null }, names);
    const topicHash = formatHash({ filter: { kind: 'channel', channelId: where.channelId, topic: where.topic }, anchor: null, with: null }, names);
    return (
      <div className="recipient-bar" style={{ borderLeftColor: channel?.color ?? 'var(--border)' }}>
        <a href={channelHash} className="recipient-channel">
          #{channel?.name ?? 'unknown channel'}
        </a>
        <span aria-hidden="true" className="recipient-separator">
          ›
        </span>
        <a href={topicHash} className={where.topic === '' ? 'recipient-topic empty-topic' : 'recipient-topic'}>
          {label}
        </a>
      </div>
    );
  }
  const others = dmKey(where.userIds, me).split(',').map(Number);
  return (
    <div className="recipient-bar recipient-dm">
      <a href={formatHash({ filter: { kind: 'dm', userIds: others }, anchor: null, with: null }, names)} className="recipient-channel">
        You and {label}
      </a>
    </div>
  );
});
