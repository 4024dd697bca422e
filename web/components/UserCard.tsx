import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { namesOf } from '../app/hash-names';
import { formatHash } from '../store/narrow';
import type { UserEntry } from '../store/state';
import { useSelector } from '../store/use-store';
import { Avatar } from './Avatar';
import { ProfileFieldRows, roleLabelOf } from './ProfileFields';

/** The card's width and its distance from the window's edges (px). */
const CARD_WIDTH = 320;
const MARGIN = 8;

/** Where the card goes: under its trigger, kept inside the window (phones included). */
function placeBeside(anchor: HTMLElement, card: HTMLElement): { left: number; top: number } {
  const box = anchor.getBoundingClientRect();
  const width = Math.min(CARD_WIDTH, window.innerWidth - 2 * MARGIN);
  const left = Math.max(MARGIN, Math.min(box.left, window.innerWidth - width - MARGIN));
  const height = card.offsetHeight;
  const below = box.bottom + 4;
  const top = below + height > window.innerHeight - MARGIN ? Math.max(MARGIN, box.top - height - 4) : below;
  return { left, top };
}

interface UserCardProps {
  userId: number;
  /** What opened it: the card sits beside it, and focus goes back to it on closing. */
  anchor: HTMLElement;
  onClose: () => void;
}

/**
 * A person's profile card, as Zulip's user card popover: picture, name, role, the email the
 * realm lets this person see, their custom profile fields, a link to message them and one
 * to their full profile (`#user/<id>`).
 * Focus moves into it; Escape, a click elsewhere or Tab out of it closes it.
 */
export function UserCard({ userId, anchor, onClose }: UserCardProps) {
  const user: UserEntry | undefined = useSelector((state) => state.users[userId]);
  const fields = useSelector((state) => state.profileFields);
  const values = useSelector((state) => state.profileData[userId]);
  const names = useSelector(namesOf);
  const card = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);
  const titleId = useId();

  // The owner's latest close callback, for the document listener added once on opening.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useLayoutEffect(() => {
    const place = () => {
      if (card.current !== null) setPlace(placeBeside(anchor, card.current));
    };
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, [anchor, fields, values]);
  const placed = place !== null;
  useEffect(() => {
    // Focus can move in only once the card is placed (it is hidden until then).
    if (placed) card.current?.focus();
  }, [placed]);
  useEffect(() => {
    const outside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!card.current?.contains(target) && !anchor.contains(target)) closeRef.current();
    };
    // Escape closes it wherever focus is, before the page's own Escape (which would leave the view).
    const escape = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      event.stopPropagation();
      closeRef.current();
      anchor.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape, true);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape, true);
    };
  }, [anchor]);

  const close = () => {
    onClose();
    anchor.focus();
  };
  if (user === undefined) return null;
  const dmHash = formatHash({ filter: { kind: 'dm', userIds: [user.id] }, anchor: null, with: null }, names);
  // In the body, so no scrolling or clipping container of the trigger's cuts it off.
  return createPortal(
    <div
      ref={card}
      className="user-card"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      style={place === null ? { visibility: 'hidden' } : { left: place.left, top: place.top }}
      onBlur={(event) => {
        // Tabbing out of the card closes it, as leaving Zulip's popover does.
        if (event.relatedTarget !== null && !card.current?.contains(event.relatedTarget as Node)) onClose();
      }}
      onClick={(event) => event.stopPropagation()}
    >
      <div className="user-card-head">
        <span className="avatar-large">
          <Avatar userId={user.id} name={user.fullName} url={user.avatarUrl} isBot={user.isBot} />
        </span>
        <div>
          <h2 id={titleId} className="user-card-name">
            {user.fullName}
          </h2>
          <p className="user-card-role">{roleLabelOf(user)}</p>
        </div>
        <button type="button" className="icon-button user-card-close" aria-label="Close" onClick={close}>
          ×
        </button>
      </div>
      <dl className="user-card-fields">
        {user.deliveryEmail === null ? null : (
          <div>
            <dt>Email</dt>
            <dd>{user.deliveryEmail}</dd>
          </div>
        )}
        <ProfileFieldRows userId={user.id} />
      </dl>
      <a className="button-quiet user-card-action" href={`#user/${user.id}`} onClick={onClose}>
        View full profile
      </a>
      <a className="button-quiet user-card-action" href={dmHash} onClick={onClose}>
        Send direct message
      </a>
    </div>,
    document.body,
  );
}
