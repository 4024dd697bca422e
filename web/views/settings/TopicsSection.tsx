import { useSelector } from '../../store/use-store';
import { TopicRow } from './TopicRow';

/** Topics the person muted, unmuted or follows, most recently changed first. */
export function TopicsSection() {
  const topics = useSelector((state) => state.userTopics);
  const entries = Object.values(topics).sort((a, b) => b.lastUpdated - a.lastUpdated);
  if (entries.length === 0) return <p className="settings-empty">Topics you mute, unmute or follow are listed here.</p>;
  return (
    <ul className="settings-list" aria-label="Topics">
      {entries.map((entry) => (
        <TopicRow key={`${entry.channelId}:${entry.topic}`} entry={entry} />
      ))}
    </ul>
  );
}
