import { useActions } from '../app/services';
import { useSelector } from '../store/use-store';
import { selectUnreadCounts } from '../store/selectors';
import type { Filter } from '../store/narrow';
import { ScheduledViewRow } from './ScheduledViewRow';
import { UnreadCount } from './UnreadCount';

/** The sidebar's views: combined feed, mentions, starred, scheduled messages; "Mark all as read" while anything is unread. */
export function ViewsList({ current }: { current: Filter }) {
  const actions = useActions();
  const counts = useSelector(selectUnreadCounts);
  const rows = [
    { kind: 'feed', label: 'Combined feed', href: '#feed', count: counts.feed },
    { kind: 'mentioned', label: 'Mentions', href: '#narrow/is/mentioned', count: counts.mentions },
    { kind: 'starred', label: 'Starred messages', href: '#narrow/is/starred', count: 0 },
  ] as const;
  return (
    <section className="sidebar-section" aria-labelledby="views-heading">
      <div className="sidebar-heading-row">
        <h2 id="views-heading" className="sidebar-heading">Views</h2>
        {counts.feed > 0 ? (
          <button type="button" className="sidebar-heading-action" onClick={() => void actions.markAllRead()}>
            Mark all as read
          </button>
        ) : null}
      </div>
      <ul className="sidebar-list">
        {rows.map((row) => (
          <li key={row.kind}>
            <a className="sidebar-row" href={row.href} aria-current={current.kind === row.kind ? 'page' : undefined}>
              <span className="sidebar-label">{row.label}</span>
              <UnreadCount count={row.count} mention={row.kind === 'mentioned'} />
            </a>
          </li>
        ))}
        <ScheduledViewRow />
      </ul>
    </section>
  );
}
