import type { ClientState } from '../store/state';
import { useSelector } from '../store/use-store';

const selectScheduledCount = (state: ClientState) => Object.keys(state.scheduled).length;

/** The sidebar's link to the scheduled messages overlay, with how many are waiting. */
export function ScheduledViewRow() {
  const count = useSelector(selectScheduledCount);
  return (
    <li>
      <a className="sidebar-row" href="#scheduled">
        <span className="sidebar-label">Scheduled messages</span>
        {count > 0 ? (
          <span className="unread-count scheduled-count">
            {count}
            <span className="visually-hidden"> scheduled</span>
          </span>
        ) : null}
      </a>
    </li>
  );
}
