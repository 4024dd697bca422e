import { useActions } from '../app/services';
import type { LocalEcho } from '../store/state';
import { useSelector, useStore } from '../store/use-store';
import { Avatar } from './Avatar';
import { MessageTime } from './MessageTime';

/**
 * A message sent from this page and not yet back from the server: its text as typed (no
 * rendering yet), marked as sending; or failed, with the server's words, Retry and Delete;
 * or held while the server could not be reached, with Send now and Delete.
 */
export function LocalEchoRow({ echo }: { echo: LocalEcho }) {
  const actions = useActions();
  const store = useStore();
  const me = useSelector((state) => (state.session === null ? undefined : state.users[state.session.userId]));
  const failed = echo.status !== 'sending';
  const held = echo.status === 'held';
  return (
    <article className={failed ? 'message message-head local-echo echo-failed' : 'message message-head local-echo'} aria-label={failed ? 'Message not sent' : 'Message sending'}>
      <div className="message-gutter">
        <Avatar userId={me?.id ?? 0} name={me?.fullName ?? ''} url={me?.avatarUrl ?? null} />
      </div>
      <div className="message-body">
        <header className="message-header">
          <span className="sender-name">{me?.fullName ?? 'You'}</span>
          <MessageTime timestamp={echo.timestamp} />
          {failed ? null : <span className="echo-status">Sending…</span>}
        </header>
        <div className="message-content plain-text">{echo.content}</div>
        {failed ? (
          <p className="echo-error" role="alert">
            {held ? 'Not sent yet: the server could not be reached. Kept here as a draft.' : `Not sent: ${echo.error ?? ''}`}{' '}
            <button type="button" className="link-button" onClick={() => void actions.deliver(echo.localId)}>
              {held ? 'Send now' : 'Retry'}
            </button>{' '}
            <button type="button" className="link-button" onClick={() => store.echoRemoved(echo.localId)}>
              Delete
            </button>
          </p>
        ) : null}
      </div>
    </article>
  );
}
