import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { requestCompose } from '../app/compose-requests';
import { namesOf } from '../app/hash-names';
import { messageLink, quoteBlock } from '../app/message-links';
import { useActions } from '../app/services';
import { useNarrow } from '../app/use-narrow';
import { askerOf, canDelete, canEditContent, canMoveChannel, canMoveTopic } from '../store/permissions';
import type { MessageEntry } from '../store/state';
import { useSelector, useStore } from '../store/use-store';
import { DeleteMessageDialog } from './DeleteMessageDialog';
import { EditHistoryDialog } from './EditHistoryDialog';
import { MoveMessagesDialog } from './MoveMessagesDialog';

type OpenDialog = { kind: 'delete' } | { kind: 'history' } | { kind: 'move'; canChangeChannel: boolean } | null;

interface MessageActionsMenuProps {
  message: MessageEntry;
  /** Starts editing the message in place (MessageRow's editor). */
  onEdit: () => void;
}

interface MenuItem {
  label: string;
  run: () => void;
  danger?: boolean;
}

/**
 * The "⋯" menu on a message, as Zulip's message actions popover: quote and reply, copy
 * link, edit, move, mark unread from here, star, edit history, delete, each offered as
 * Zulip's rules allow (store/permissions.ts). A menu button (aria-haspopup) with a
 * `menu` of `menuitem`s: arrows move, Escape closes, focus goes back to the button.
 */
export function MessageActionsMenu({ message, onEdit }: MessageActionsMenuProps) {
  const [open, setOpen] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = (refocus: boolean) => {
    setOpen(false);
    if (refocus) button.current?.focus();
  };
  const closeDialog = () => {
    setDialog(null);
    button.current?.focus();
  };
  return (
    <div className="message-menu">
      <button
        ref={button}
        type="button"
        className="icon-button"
        aria-label="Message actions"
        aria-haspopup="menu"
        aria-expanded={open}
        title="Message actions"
        onClick={() => setOpen(!open)}
      >
        ⋯
      </button>
      {open ? <MessageActionsList message={message} onEdit={onEdit} onDialog={setDialog} onClose={close} /> : null}
      {dialog?.kind === 'delete' ? <DeleteMessageDialog messageId={message.id} onClose={closeDialog} /> : null}
      {dialog?.kind === 'history' ? <EditHistoryDialog messageId={message.id} onClose={closeDialog} /> : null}
      {dialog?.kind === 'move' ? <MoveMessagesDialog message={message} canChangeChannel={dialog.canChangeChannel} onClose={closeDialog} /> : null}
    </div>
  );
}

interface MessageActionsListProps extends MessageActionsMenuProps {
  onDialog: (dialog: OpenDialog) => void;
  onClose: (refocus: boolean) => void;
}

/** The open menu: mounted only while open, so a closed menu costs each row nothing. */
function MessageActionsList({ message, onEdit, onDialog, onClose }: MessageActionsListProps) {
  const actions = useActions();
  const store = useStore();
  const narrow = useNarrow();
  const list = useRef<HTMLUListElement>(null);
  const state = useSelector((current) => current);
  const asker = askerOf(state, Date.now() / 1000);
  const me = state.session?.userId ?? -1;
  const starred = message.flags.includes('starred');

  // The owner's latest close callback, for the document listener added once on opening.
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    list.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const outside = (event: PointerEvent) => {
      if (!list.current?.parentElement?.contains(event.target as Node)) closeRef.current(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, []);

  const report = (error: unknown) => store.noticeShown(error instanceof Error ? error.message : String(error));
  const quote = async () => {
    const raw = await actions.rawContent(message.id);
    const current = store.getState();
    const sender = current.users[message.senderId]?.fullName ?? message.senderName;
    const link = messageLink(message, me, namesOf(current), window.location.origin, 'near');
    requestCompose({ where: message.where, insert: quoteBlock(sender, message.senderId, link, raw) });
  };
  const copyLink = async () => {
    await navigator.clipboard.writeText(messageLink(message, me, namesOf(store.getState()), window.location.origin, 'with'));
  };

  const items: MenuItem[] = [{ label: 'Quote and reply', run: () => void quote().catch(report) }];
  if (asker !== null && canEditContent(message, asker)) items.push({ label: 'Edit message', run: onEdit });
  if (asker !== null && (canMoveTopic(message, asker) || canMoveChannel(message, asker))) {
    items.push({ label: 'Move messages', run: () => onDialog({ kind: 'move', canChangeChannel: canMoveChannel(message, asker) }) });
  }
  items.push(
    { label: 'Mark as unread from here', run: () => {
      actions.pauseReading();
      void actions.messageTools.markUnreadFrom(message.id, narrow.filter).catch(report);
    } },
    { label: starred ? 'Unstar message' : 'Star message', run: () => void actions.setStarred(message.id, !starred) },
    { label: 'Copy link to message', run: () => void copyLink().catch(report) },
  );
  if (message.edited || message.moved) items.push({ label: 'View edit history', run: () => onDialog({ kind: 'history' }) });
  if (asker !== null && canDelete(message, asker)) items.push({ label: 'Delete message', run: () => onDialog({ kind: 'delete' }), danger: true });

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const entries = [...(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const focus = (index: number) => entries[(index + entries.length) % entries.length]?.focus();
    if (event.key === 'Escape') onClose(true);
    else if (event.key === 'Tab') onClose(false);
    else if (event.key === 'ArrowDown') focus(at + 1);
    else if (event.key === 'ArrowUp') focus(at - 1);
    else if (event.key === 'Home') focus(0);
    else if (event.key === 'End') focus(entries.length - 1);
    else return;
    if (event.key !== 'Tab') event.preventDefault();
    event.stopPropagation();
  };
  return (
    <ul ref={list} className="message-menu-list" role="menu" aria-label="Message actions" onKeyDown={onKeyDown}>
      {items.map((item) => (
        <li key={item.label} role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={item.danger === true ? 'menu-item menu-item-danger' : 'menu-item'}
            onClick={() => {
              onClose(true);
              item.run();
            }}
          >
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
