import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { WireProfileField } from '../api/types';
import { namesOf } from '../app/hash-names';
import { choicesOf, externalAccountUrl, FIELD_TYPE, isWebLink, personIdsOf, templatesOf, type ExternalAccountTemplates } from '../app/profile-fields';
import { formatHash } from '../store/narrow';
import { ROLES } from '../store/permissions';
import type { ClientState, UserEntry } from '../store/state';
import { useSelector } from '../store/use-store';
import { Avatar } from './Avatar';

const ROLE_NAMES: Readonly<Record<number, string>> = {
  [ROLES.owner]: 'Owner',
  [ROLES.administrator]: 'Administrator',
  [ROLES.moderator]: 'Moderator',
  [ROLES.member]: 'Member',
  [ROLES.guest]: 'Guest',
};

/** The card's width and its distance from the window's edges (px). */
const CARD_WIDTH = 320;
const MARGIN = 8;

/** One custom profile field's value as the card shows it: a link for links and accounts, names for people. */
function FieldValue({ field, value, users, templates }: { field: WireProfileField; value: string; users: ClientState['users']; templates: ExternalAccountTemplates }) {
  switch (field.type) {
    case FIELD_TYPE.url:
      return isWebLink(value) ? (
        <a href={value} target="_blank" rel="noopener noreferrer">
          {value}
        </a>
      ) : (
        <>{value}</>
      );
    case FIELD_TYPE.externalAccount: {
      const url = externalAccountUrl(field, templates, value);
      return url === null ? (
        <>{value}</>
      ) : (
        <a href={url} target="_blank" rel="noopener noreferrer">
          {value}
        </a>
      );
    }
    case FIELD_TYPE.select:
      return <>{choicesOf(field).find((choice) => choice.key === value)?.text ?? value}</>;
    case FIELD_TYPE.user:
      return <>{personIdsOf(value).map((id) => users[id]?.fullName ?? 'Unknown user').join(', ')}</>;
    default:
      return <>{value}</>;
  }
}

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
 * realm lets this person see, their custom profile fields, and a link to message them.
 * Focus moves into it; Escape, a click elsewhere or Tab out of it closes it.
 */
export function UserCard({ userId, anchor, onClose }: UserCardProps) {
  const user: UserEntry | undefined = useSelector((state) => state.users[userId]);
  const fields = useSelector((state) => state.profileFields);
  const values = useSelector((state) => state.profileData[userId]);
  const users = useSelector((state) => state.users);
  const names = useSelector(namesOf);
  const templates = useSelector((state) => templatesOf(state.realm.default_external_accounts));
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
  const filled = fields.filter((field) => {
    const value = values?.[field.id] ?? '';
    return field.type === FIELD_TYPE.user ? personIdsOf(value).length > 0 : value !== '';
  });
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
          <p className="user-card-role">{user.isBot ? 'Bot' : (ROLE_NAMES[user.role] ?? 'Member')}</p>
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
        {filled.map((field) => (
          <div key={field.id}>
            <dt>{field.name}</dt>
            <dd>
              <FieldValue field={field} value={values?.[field.id] ?? ''} users={users} templates={templates} />
            </dd>
          </div>
        ))}
      </dl>
      <a className="button-quiet user-card-action" href={dmHash} onClick={onClose}>
        Send direct message
      </a>
    </div>,
    document.body,
  );
}
