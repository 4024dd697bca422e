import { useEffect, useRef, useState } from 'react';
import type { ReadTracker } from '../app/read-tracker';
import { useActions } from '../app/services';
import type { MessageEntry } from '../store/state';
import { useSelector } from '../store/use-store';
import { Avatar } from './Avatar';
import { MessageEditor } from './MessageEditor';
import { MessageTime } from './MessageTime';
import { Reactions } from './Reactions';
import { RenderedContent } from './RenderedContent';

interface MessageRowProps {
  message: MessageEntry;
  /** The first of a run from one sender: shows the avatar and name. */
  head: boolean;
  unread: boolean;
  tracker: ReadTracker | null;
  /** Zulip's pointer: the message keys act on, outlined. */
  selected?: boolean;
  /** A search's rendering of the message with its matches highlighted (the server's `match_content`). */
  highlighted?: string;
  onSelect?: (id: number) => void;
}

/** One message: sender and time (once per run), the server's rendering, reactions, star, and editing one's own in place. */
export function MessageRow({ message, head, unread, tracker, selected = false, onSelect, highlighted }: MessageRowProps) {
  const actions = useActions();
  const me = useSelector((state) => state.session?.userId ?? -1);
  const sender = useSelector((state) => state.users[message.senderId]);
  const element = useRef<HTMLElement>(null);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    const node = element.current;
    if (!unread || tracker === null || node === null) return undefined;
    tracker.observe(node);
    return () => tracker.unobserve(node);
  }, [unread, tracker]);
  const name = sender?.fullName ?? message.senderName;
  const starred = message.flags.includes('starred');
  const mentioned = message.flags.some((flag) => flag.endsWith('mentioned'));
  const classes = ['message', head ? 'message-head' : 'message-continued', unread ? 'message-unread' : '', mentioned ? 'message-mentioned' : '', selected ? 'message-selected' : ''];
  return (
    <article
      ref={element}
      className={classes.filter(Boolean).join(' ')}
      data-message-id={message.id}
      aria-label={`${name}, message ${message.id}`}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect?.(message.id)}
    >
      <div className="message-gutter">
        {head ? <Avatar userId={message.senderId} name={name} url={sender?.avatarUrl ?? message.avatarUrl} isBot={sender?.isBot} /> : <MessageTime timestamp={message.timestamp} className="message-time hover-time" />}
      </div>
      <div className="message-body">
        {head ? (
          <header className="message-header">
            <span className="sender-name">{name}</span>
            <MessageTime timestamp={message.timestamp} />
          </header>
        ) : null}
        {/* The server's rendering (sanitized by the server's Markdown processor) is the only HTML inserted. */}
        {editing ? (
          <MessageEditor messageId={message.id} onDone={() => setEditing(false)} />
        ) : (
          <RenderedContent html={highlighted ?? message.html} />
        )}
        {message.edited || message.moved ? <span className="message-marker">{message.edited ? '(edited)' : '(moved)'}</span> : null}
        <Reactions messageId={message.id} reactions={message.reactions} me={me} />
      </div>
      <div className="message-actions">
        {message.senderId === me && !editing ? (
          <button type="button" className="icon-button" aria-label="Edit" title="Edit this message" onClick={() => setEditing(true)}>
            ✎
          </button>
        ) : null}
        <button
          type="button"
          className={starred ? 'icon-button star starred' : 'icon-button star'}
          aria-pressed={starred}
          aria-label="Star"
          title={starred ? 'Unstar this message' : 'Star this message'}
          onClick={() => void actions.setStarred(message.id, !starred)}
        >
          {starred ? '★' : '☆'}
        </button>
      </div>
    </article>
  );
}
