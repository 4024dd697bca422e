import { useSelector, useStore } from '../store/use-store';

/** The server's words about a request that failed away from any message, until dismissed. */
export function NoticeBanner() {
  const store = useStore();
  const notice = useSelector((state) => state.notice);
  if (notice === null) return null;
  return (
    <div className="banner banner-notice" role="alert">
      <span>{notice}</span>
      <button type="button" className="link-button" onClick={() => store.noticeShown(null)}>
        Dismiss
      </button>
    </div>
  );
}
