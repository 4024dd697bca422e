import { useEffect, useState } from 'react';
import { useActions, useAdminActions } from '../app/services';
import { namesOf } from '../app/hash-names';
import { formatHash } from '../store/narrow';
import { isRealmAdmin } from '../store/permissions';
import { selectChannelTopics, topicLabel } from '../store/selectors';
import { useSelector } from '../store/use-store';
import { ConfirmDialog } from './ConfirmDialog';
import { UnreadCount } from './UnreadCount';

/** How many topics show before "more topics" (docs/web-app.md). */
const SHOWN_TOPICS = 8;

/** The open channel's topics, newest first; unread ones in bold. Administrators may delete a topic, as in Zulip. */
export function TopicList({ channelId, currentTopic }: { channelId: number; currentTopic: string | undefined }) {
  const actions = useActions();
  const adminActions = useAdminActions();
  const topics = useSelector((state) => selectChannelTopics(state, channelId));
  const loaded = useSelector((state) => state.topics[channelId] !== undefined);
  const admin = useSelector(isRealmAdmin);
  const names = useSelector(namesOf);
  const label = useSelector((state) => (topic: string) => topicLabel(state, topic));
  const [expanded, setExpanded] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);
  useEffect(() => {
    // Fetched again when the list is dropped (a deleted topic's newest message, see the delete_message applier).
    if (!loaded) void actions.loadTopics(channelId);
  }, [actions, channelId, loaded]);
  const shown = expanded ? topics : topics.slice(0, SHOWN_TOPICS);
  if (topics.length === 0) return null;
  return (
    <ul className="topic-list" aria-label="Topics">
      {shown.map((topic) => (
        <li key={topic.name}>
          <a
            className={topic.unread > 0 ? 'sidebar-row topic-row topic-unread' : 'sidebar-row topic-row'}
            href={formatHash({ filter: { kind: 'channel', channelId, topic: topic.name }, anchor: null, with: null }, names)}
            aria-current={currentTopic !== undefined && currentTopic.toLowerCase() === topic.name.toLowerCase() ? 'page' : undefined}
          >
            <span className={topic.name === '' ? 'sidebar-label empty-topic' : 'sidebar-label'}>{label(topic.name)}</span>
            <UnreadCount count={topic.unread} />
          </a>
          {admin ? (
            <button type="button" className="topic-delete" aria-label={`Delete topic ${label(topic.name)}`} title="Delete topic" onClick={() => setDeleting(topic.name)}>
              <span aria-hidden="true">🗑</span>
            </button>
          ) : null}
        </li>
      ))}
      {topics.length > SHOWN_TOPICS ? (
        <li>
          <button type="button" className="link-button more-topics" aria-expanded={expanded} onClick={() => setExpanded(!expanded)}>
            {expanded ? 'fewer topics' : 'more topics'}
          </button>
        </li>
      ) : null}
      {deleting === null ? null : (
        <ConfirmDialog title={`Delete topic ${label(deleting)}?`} action="Delete topic" run={() => adminActions.deleteTopic(channelId, deleting)} onClose={() => setDeleting(null)}>
          <p>Deleting a topic deletes every message in it, for everyone. This cannot be undone.</p>
        </ConfirmDialog>
      )}
    </ul>
  );
}
