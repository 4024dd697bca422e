import { useEffect, useState } from 'react';
import { useActions } from '../app/services';
import { EmptyFeed } from '../components/EmptyFeed';
import { MessageList } from '../components/MessageList';
import { namesOf } from '../app/hash-names';
import { formatHash, narrowKey, type Narrow } from '../store/narrow';
import { selectLocalEchoes, selectNarrowEnds, selectNarrowMessages, selectProvisionalMessages } from '../store/selectors';
import { useSelector, useStore } from '../store/use-store';

/** Below this, loading shows nothing at all (docs/web-app.md: no spinner for anything quicker). */
const QUIET_LOADING_MS = 300;

/** The centre of the screen: the open narrow's messages, fetched when first opened. */
export function MessageFeed({ narrow }: { narrow: Narrow }) {
  const actions = useActions();
  const filter = narrow.filter;
  const key = narrowKey(filter);
  const registered = useSelector((state) => state.session !== null);
  const store = useStore();
  const fetched = useSelector((state) => selectNarrowMessages(state, filter));
  const ends = useSelector((state) => selectNarrowEnds(state, filter));
  // Until the server answers, what the store already has of the narrow shows.
  const provisional = useSelector((state) => (fetched === undefined ? selectProvisionalMessages(state, filter) : null));
  const sending = useSelector((state) => selectLocalEchoes(state, filter).length > 0);
  const online = useSelector((state) => state.online);
  const loaded = ends !== undefined;
  useEffect(() => {
    // A first fetch that failed with the server away is made again once it answers.
    if (registered && online && !loaded && narrow.with === null) void actions.loadNarrow(filter, narrow.anchor);
    // The key names the filter; a new filter object for the same narrow is no new narrow.
  }, [registered, online, loaded, key, narrow.anchor, narrow.with, actions]);

  // `with/<id>` follows its message: the URL is rewritten to where the message is now.
  useEffect(() => {
    const withId = narrow.with;
    if (!registered || withId === null) return undefined;
    let current = true;
    void actions.loadWith(filter, withId).then((target) => {
      if (!current || narrowKey(target) === key) return;
      window.location.replace(formatHash({ filter: target, anchor: null, with: withId }, namesOf(store.getState())));
    });
    return () => {
      current = false;
    };
  }, [registered, key, narrow.with, actions, store]);

  const [slow, setSlow] = useState(false);
  useEffect(() => {
    setSlow(false);
    if (loaded) return undefined;
    const timer = setTimeout(() => setSlow(true), QUIET_LOADING_MS);
    return () => clearTimeout(timer);
  }, [loaded, key]);

  const messages = fetched ?? provisional ?? [];
  if (ends === undefined && (messages.length > 0 || sending)) {
    return <MessageList key={key} filter={filter} messages={messages} foundOldest={false} foundNewest={false} anchor={narrow.anchor ?? narrow.with} provisional />;
  }
  if (ends === undefined) {
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
