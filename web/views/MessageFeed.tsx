import { useEffect, useState } from 'react';
import { useActions } from '../app/services';
import { EmptyFeed } from '../components/EmptyFeed';
import { MessageList } from '../components/MessageList';
import { narrowKey, type Narrow } from '../store/narrow';
import { selectNarrowEnds, selectNarrowMessages } from '../store/selectors';
import { useSelector } from '../store/use-store';

/** Below this, loading shows nothing at all (README, "Web app": no spinner for anything quicker). */
const QUIET_LOADING_MS = 300;

/** The centre of the screen: the open narrow's messages, fetched when first opened. */
export function MessageFeed({ narrow }: { narrow: Narrow }) {
  const actions = useActions();
  const filter = narrow.filter;
  const key = narrowKey(filter);
  const registered = useSelector((state) => state.session !== null);
  const messages = useSelector((state) => selectNarrowMessages(state, filter));
  const ends = useSelector((state) => selectNarrowEnds(state, filter));
  const loaded = messages !== undefined;
  useEffect(() => {
    if (registered && !loaded) void actions.loadNarrow(filter, narrow.anchor ?? narrow.with);
    // The key names the filter; a new filter object for the same narrow is no new narrow.
  }, [registered, loaded, key, narrow.anchor, narrow.with, actions]);

  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (loaded) return undefined;
    const timer = setTimeout(() => setSlow(true), QUIET_LOADING_MS);
    return () => clearTimeout(timer);
  }, [loaded, key]);

  if (messages === undefined || ends === undefined) {
    return <div className="feed-scroll feed-loading">{slow ? <p className="empty-feed">Loading messages…</p> : null}</div>;
  }
  if (ends.error !== null) {
    return (
      <div className="feed-scroll">
        <p className="empty-feed" role="alert">
          {ends.error}
        </p>
      </div>
    );
  }
  if (messages.length === 0 && ends.foundOldest && ends.foundNewest) {
    return (
      <div className="feed-scroll">
        <EmptyFeed filter={filter} />
      </div>
    );
  }
  return <MessageList key={key} filter={filter} messages={messages} foundOldest={ends.foundOldest} foundNewest={ends.foundNewest} anchor={narrow.anchor ?? narrow.with} />;
}
