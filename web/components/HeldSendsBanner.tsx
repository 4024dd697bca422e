import { useActions } from '../app/services';
import { selectHeldSends } from '../store/selectors';
import { useSelector } from '../store/use-store';

/**
 * Messages written while the server could not be reached are kept (as drafts on the page);
 * once it answers again, this offers to send them.
 */
export function HeldSendsBanner() {
  const actions = useActions();
  const online = useSelector((state) => state.online);
  const held = useSelector(selectHeldSends);
  if (!online || held.length === 0) return null;
  return (
    <div className="banner banner-notice offline-drafts" role="status">
      <span>{held.length === 1 ? 'A message written while offline was not sent.' : `${held.length} messages written while offline were not sent.`}</span>
      <button type="button" className="button-primary" onClick={() => void actions.deliverHeld()}>
        Send now
      </button>
    </div>
  );
}
