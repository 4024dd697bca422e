import { useCallback, useRef, useState } from 'react';
import { useActions } from '../app/services';
import type { MessageEntry } from '../store/state';
import { EmojiPicker, type PickedEmoji } from './EmojiPicker';

/**
 * "Add reaction": opens the emoji picker; the emoji picked is the person's reaction, or,
 * if it is one already, taken back (as Zulip's picker toggles). The reaction shows when
 * its `reaction` event comes.
 */
export function AddReactionButton({ message, me, className = 'icon-button', label = 'Add reaction' }: { message: MessageEntry; me: number; className?: string; label?: string }) {
  const actions = useActions();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const onPick = (emoji: PickedEmoji) => {
    setOpen(false);
    button.current?.focus();
    const mine = message.reactions.some((reaction) => reaction.user_id === me && reaction.reaction_type === emoji.reaction_type && reaction.emoji_code === emoji.emoji_code);
    void actions.react(message.id, emoji, !mine);
  };
  return (
    <span className="popover-anchor">
      <button ref={button} type="button" className={className} aria-label={label} aria-expanded={open} title="Add a reaction" onClick={() => setOpen(!open)}>
        <span aria-hidden="true">☺+</span>
      </button>
      {open ? <EmojiPicker anchor={button} label="Add a reaction" onPick={onPick} onClose={close} /> : null}
    </span>
  );
}
