import type { Filter } from '../store/narrow';

const WHAT_NEXT: Record<Filter['kind'], string> = {
  feed: 'No messages yet. Open the compose box below to start a conversation.',
  channel: 'Nothing here yet. Be the first to write: open the compose box below.',
  dm: 'No messages yet. Say hello with the compose box below.',
  starred: 'No starred messages. Star a message (☆) to keep it here.',
  mentioned: 'Nobody has mentioned you yet.',
  search: 'No messages match. Try other words, or fewer of them.',
};

/** What an empty narrow says: what to do next (docs/web-app.md). */
export function EmptyFeed({ filter }: { filter: Filter }) {
  return <p className="empty-feed">{WHAT_NEXT[filter.kind]}</p>;
}
