/**
 * Zulip's core keyboard shortcuts (its keydown_util and hotkey tables): which key does what,
 * read from a key press, and the list the shortcuts dialog shows. Keys typed into a text
 * field stay there; only Escape reaches the app from one.
 */

export type Shortcut =
  | 'next'
  | 'previous'
  | 'first'
  | 'last'
  | 'reply'
  | 'new-topic'
  | 'new-dm'
  | 'next-unread-topic'
  | 'next-unread-dm'
  | 'escape'
  | 'search'
  | 'help';

/** What the shortcuts dialog lists, in its order: keys as printed, and what they do. */
export const SHORTCUT_LIST: readonly { readonly keys: readonly string[]; readonly does: string }[] = [
  { keys: ['j', '↓'], does: 'Select the next message' },
  { keys: ['k', '↑'], does: 'Select the previous message' },
  { keys: ['Home'], does: 'Select the first loaded message' },
  { keys: ['End'], does: 'Select the last message' },
  { keys: ['r', 'Enter'], does: 'Reply to the selected message' },
  { keys: ['c'], does: 'New message in a topic' },
  { keys: ['x'], does: 'New direct message' },
  { keys: ['n'], does: 'Go to the next unread topic' },
  { keys: ['p'], does: 'Go to the next unread direct message' },
  { keys: ['/'], does: 'Search messages' },
  { keys: ['Esc'], does: 'Close what is open, back to the messages' },
  { keys: ['?'], does: 'Show these keyboard shortcuts' },
];

const PLAIN_KEYS: Readonly<Record<string, Shortcut>> = {
  j: 'next',
  ArrowDown: 'next',
  k: 'previous',
  ArrowUp: 'previous',
  Home: 'first',
  End: 'last',
  r: 'reply',
  c: 'new-topic',
  x: 'new-dm',
  n: 'next-unread-topic',
  p: 'next-unread-dm',
  '/': 'search',
  '?': 'help',
};

/** The parts of a KeyboardEvent a shortcut depends on (so the mapping is testable without a DOM). */
export interface KeyPress {
  readonly key: string;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
  /** Where the press happened: a text field, a control that acts on Enter, or elsewhere. */
  readonly place: 'text-field' | 'control' | 'elsewhere';
}

export function shortcutFor(press: KeyPress): Shortcut | null {
  if (press.key === 'Escape') return 'escape';
  if (press.place === 'text-field' || press.ctrlKey || press.metaKey || press.altKey) return null;
  // Enter on a button or link is that control's own.
  if (press.key === 'Enter') return press.place === 'control' ? null : 'reply';
  return PLAIN_KEYS[press.key] ?? null;
}

/** Where a key press landed, as shortcutFor reads it. */
export function placeOf(target: EventTarget | null): KeyPress['place'] {
  if (!(target instanceof HTMLElement)) return 'elsewhere';
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return 'text-field';
  if (target.closest('button, a[href], summary, [role="button"], [role="link"]') !== null) return 'control';
  return 'elsewhere';
}

/** Calls `handle` with each shortcut pressed in the window until the returned function is called. */
export function listenForShortcuts(handle: (shortcut: Shortcut, event: KeyboardEvent) => boolean): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.isComposing) return;
    const shortcut = shortcutFor({ key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, altKey: event.altKey, place: placeOf(event.target) });
    if (shortcut !== null && handle(shortcut, event)) event.preventDefault();
  };
  window.addEventListener('keydown', onKey);
  return () => window.removeEventListener('keydown', onKey);
}
