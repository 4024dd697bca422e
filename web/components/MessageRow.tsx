import { memo, useEffect, useRef, useState } from 'react';
import type { ReadTracker } from '../app/read-tracker';
import { useActions } from '../app/services';
import { useCardAnchor } from '../app/use-card-anchor';
import type { MessageEntry } from '../store/state';
import { askerOf, canEditContent } from '../store/permissions';
import { useSelector } from '../store/use-store';
import { AddReactionButton } from './AddReactionButton';
import { Avatar } from './Avatar';
import { EditedMarker } from './EditedMarker';
import { MessageActionsMenu } from './MessageActionsMenu';
import { MessageContent } from './MessageContent';
import { MessageEditor } from './MessageEditor';
import { MessageTime } from './MessageTime';
import { Reactions } from './Reactions';
import { UserCard } from './UserCard';

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

/**
 * One message: sender and time (once per run), the server's rendering, reactions, star, and
 * editing one's own in place. Memoized: the feed renders again on every store change (a flag,
 * a presence, a fetched page), and a row only needs to when its own props change.
 */
export const MessageRow = memo(function MessageRow({ message, head, unread, tracker, selected = false, onSelect, highlighted }: MessageRowProps) {
  const actions = useActions();
  const me = useSelector((state) => state.session?.userId ?? -1);
  const sender = useSelector((state) => state.users[message.senderId]);
  const element = useRef<HTMLElement>(null);
  const [editing, setEditing] = useState(false);
  const card = useCardAnchor();
  const canEdit = useSelector((state) => {
    const asker = askerOf(state, Date.now() / 1000);
    return asker !== null && canEditContent(message, asker);
  });
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
        {head ? (
          // The name beside it is the keyboard's way to the same card.
          <button type="button" className="avatar-button" tabIndex={-1} aria-hidden="true" onClick={card.toggle}>
            <Avatar userId={message.senderId} name={name} url={sender?.avatarUrl ?? message.avatarUrl} isBot={sender?.isBot} />
          </button>
        ) : (
          <MessageTime timestamp={message.timestamp} className="message-time hover-time" />
        )}
      </div>
      <div className="message-body">
        {head ? (
          <header className="message-header">
            <button type="button" className="sender-name" aria-haspopup="dialog" aria-expanded={card.anchor !== null} onClick={card.toggle}>
              {name}
            </button>
            <MessageTime timestamp={message.timestamp} />
          </header>
        ) : null}
        {/* The server's rendering (sanitized by the server's Markdown processor) is the only HTML inserted. */}
        {editing ? (
          <MessageEditor messageId={message.id} onDone={() => setEditing(false)} />
        ) : (
          <MessageContent message={message} highlighted={highlighted} />
        )}
        <EditedMarker messageId={message.id} edited={message.edited} moved={message.moved} />
        <Reactions message={message} me={me} />
      </div>
      <div className="message-actions">
        <AddReactionButton message={message} me={me} />
        {canEdit && !editing ? (
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
        <MessageActionsMenu message={message} onEdit={() => setEditing(true)} />
      </div>
      {card.anchor === null ? null : <UserCard userId={message.senderId} anchor={card.anchor} onClose={card.close} />}
    </article>
  );
});
