import { namesOf } from '../app/hash-names';
import { dmKeyIds } from '../store/conversation';
import { formatHash, type Filter } from '../store/narrow';
import { selectDmConversations, selectDmTitle } from '../store/selectors';
import { useSelector } from '../store/use-store';
import { UnreadCount } from './UnreadCount';

/** Direct-message conversations, most recent first. */
export function DmList({ current }: { current: Filter }) {
  const conversations = useSelector(selectDmConversations);
  const names = useSelector(namesOf);
  const title = useSelector((state) => (ids: readonly number[]) => selectDmTitle(state, ids));
  const currentKey = current.kind === 'dm' ? current.userIds.join(',') : null;
  return (
    <section className="sidebar-section" aria-labelledby="dms-heading">
      <h2 id="dms-heading" className="sidebar-heading">Direct messages</h2>
      {conversations.length === 0 ? <p className="sidebar-empty">No direct messages yet: pick someone under People to start one.</p> : null}
      <ul className="sidebar-list">
        {conversations.map((conversation) => (
          <li key={conversation.key}>
            <a
              className="sidebar-row"
              href={formatHash({ filter: { kind: 'dm', userIds: dmKeyIds(conversation.key) }, anchor: null, with: null }, names)}
              aria-current={currentKey === conversation.key ? 'page' : undefined}
            >
              <span className="sidebar-label">{title(conversation.userIds)}</span>
              <UnreadCount count={conversation.unread} />
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
