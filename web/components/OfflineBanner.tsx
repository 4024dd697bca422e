import { useSelector } from '../store/use-store';

/** A thin line while the server cannot be reached; the event queue keeps trying. */
export function OfflineBanner() {
  const online = useSelector((state) => state.online);
  if (online) return null;
  return (
    <p className="banner banner-offline" role="status">
      You are offline. Reconnecting…
    </p>
  );
}
