import { selectTypists } from '../store/selectors';
import type { Where } from '../store/state';
import { useSelector } from '../store/use-store';

/** "Ann is typing…" under a conversation's last message. */
export function TypingNotice({ where }: { where: Where }) {
  const names = useSelector((state) => selectTypists(state, where).join(', '));
  if (names === '') return null;
  return (
    <p className="typing-notice" aria-live="polite">
      {names} {names.includes(',') ? 'are' : 'is'} typing…
    </p>
  );
}
