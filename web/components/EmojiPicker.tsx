import { useEffect, useLayoutEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { emojiGlyph, POPULAR_EMOJI, searchEmoji, type EmojiChoice } from '../app/emoji-data';
import { useEmojiChoices } from '../app/use-emoji';

export interface PickedEmoji {
  emoji_name: string;
  emoji_code: string;
  reaction_type: 'unicode_emoji' | 'realm_emoji' | 'zulip_extra_emoji';
}

interface EmojiPickerProps {
  onPick(emoji: PickedEmoji): void;
  onClose(): void;
  /** What the picker is for, for its accessible name ("Add a reaction", "Insert an emoji"). */
  label?: string;
  /** The button that opened it: the picker goes beside it, and focus goes back to it on Escape. */
  anchor: RefObject<HTMLElement | null>;
}

/** Room kept between the picker and the window's edges, and its largest size. */
const MARGIN = 8;
const WIDTH = 344;
const HEIGHT = 380;

/**
 * Where the picker goes: fixed to the window (so no scrolling list clips it), beside the
 * button that opened it, above it when there is room, else below.
 */
function placementBeside(anchor: Element | null): CSSProperties {
  const width = Math.min(WIDTH, window.innerWidth - 2 * MARGIN);
  const height = Math.min(HEIGHT, window.innerHeight - 2 * MARGIN);
  const rect = anchor?.getBoundingClientRect() ?? new DOMRect(window.innerWidth / 2, window.innerHeight / 2, 0, 0);
  const left = Math.max(MARGIN, Math.min(rect.right - width, window.innerWidth - width - MARGIN));
  const above = rect.top - height - 4 >= MARGIN;
  const top = above ? rect.top - height - 4 : Math.min(rect.bottom + 4, window.innerHeight - height - MARGIN);
  return { position: 'fixed', left, top, width, height };
}

/** Columns of the grid (styles/app.css, .emoji-grid): arrow keys move by one row. */
const COLUMNS = 8;

interface Section {
  readonly title: string;
  readonly emoji: readonly EmojiChoice[];
}

function sectionsOf(choices: readonly EmojiChoice[], query: string): Section[] {
  if (query.trim() !== '') return [{ title: 'Results', emoji: searchEmoji(choices, query) }];
  const custom = choices.filter((choice) => choice.reaction_type === 'realm_emoji');
  const popular = choices.filter((choice) => choice.reaction_type === 'unicode_emoji' && POPULAR_EMOJI.includes(choice.emoji_name));
  const rest = choices.filter((choice) => !custom.includes(choice) && !popular.includes(choice));
  return [
    { title: 'Popular', emoji: popular },
    { title: 'Custom emoji', emoji: custom },
    { title: 'All emoji', emoji: rest },
  ].filter((section) => section.emoji.length > 0);
}

/**
 * Zulip's emoji picker, in short: a search field over a grid of the realm's custom emoji,
 * the popular few and every Unicode emoji the server knows. Each emoji's Zulip name shows
 * on hover and focus; arrows move in the grid, Enter picks, Escape closes.
 */
export function EmojiPicker({ onPick, onClose, label = 'Emoji picker', anchor }: EmojiPickerProps) {
  const { choices, error } = useEmojiChoices();
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState<EmojiChoice | null>(null);
  const [placement, setPlacement] = useState<CSSProperties>({ visibility: 'hidden' });
  const root = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const place = () => setPlacement(placementBeside(anchor.current));
    place();
    window.addEventListener('resize', place);
    return () => window.removeEventListener('resize', place);
  }, []);
  const search = useRef<HTMLInputElement>(null);
  const sections = useMemo(() => sectionsOf(choices ?? [], query), [choices, query]);
  const flat = useMemo(() => sections.flatMap((section) => section.emoji), [sections]);

  useEffect(() => {
    search.current?.focus();
    const outside = (event: MouseEvent) => {
      if (root.current !== null && !root.current.contains(event.target as Node)) onClose();
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [onClose, anchor]);

  const pick = (choice: EmojiChoice) => onPick({ emoji_name: choice.emoji_name, emoji_code: choice.emoji_code, reaction_type: choice.reaction_type });
  const focusAt = (index: number) => root.current?.querySelector<HTMLButtonElement>(`[data-emoji-index="${Math.max(0, Math.min(flat.length - 1, index))}"]`)?.focus();

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      anchor.current?.focus();
      onClose();
      return;
    }
    const target = event.target as HTMLElement;
    const index = target.dataset.emojiIndex === undefined ? null : Number(target.dataset.emojiIndex);
    if (index === null) {
      if (event.key === 'ArrowDown') {
        event.preventDefault();
        focusAt(0);
      } else if (event.key === 'Enter' && flat[0] !== undefined) {
        event.preventDefault();
        pick(flat[0]);
      }
      return;
    }
    const moves: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -COLUMNS, ArrowDown: COLUMNS };
    const move = moves[event.key];
    if (move === undefined) return;
    event.preventDefault();
    if (index + move < 0) search.current?.focus();
    else focusAt(index + move);
  };

  let counter = 0;
  // In a portal: a message's hover actions are no place for a panel this size.
  return createPortal(
    <div ref={root} className="emoji-picker" role="dialog" aria-label={label} style={placement} onKeyDown={onKeyDown}>
      <input ref={search} type="search" className="emoji-search" aria-label="Search emoji" placeholder="Search emoji" value={query} onChange={(event) => setQuery(event.target.value)} />
      <div className="emoji-sections">
        {error !== null ? (
          <p role="alert">{error}</p>
        ) : choices === null ? (
          <p className="emoji-loading">Loading emoji…</p>
        ) : flat.length === 0 ? (
          <p className="emoji-empty">No emoji match.</p>
        ) : (
          sections.map((section) => (
            <section key={section.title} aria-label={section.title}>
              <h3 className="emoji-section-title">{section.title}</h3>
              <div className="emoji-grid">
                {section.emoji.map((choice) => {
                  const index = counter;
                  counter += 1;
                  return (
                    <button
                      key={`${choice.reaction_type}:${choice.emoji_code}:${choice.emoji_name}`}
                      type="button"
                      className="emoji-choice"
                      data-emoji-index={index}
                      aria-label={choice.emoji_name}
                      title={`:${choice.emoji_name}:`}
                      tabIndex={index === 0 ? 0 : -1}
                      onMouseEnter={() => setShown(choice)}
                      onFocus={() => setShown(choice)}
                      onClick={() => pick(choice)}
                    >
                      {choice.url === undefined ? <span aria-hidden="true">{emojiGlyph(choice.emoji_code)}</span> : <img src={choice.url} alt="" />}
                    </button>
                  );
                })}
              </div>
            </section>
          ))
        )}
      </div>
      <p className="emoji-name" aria-live="polite">
        {shown === null ? '\u00a0' : `:${shown.emoji_name}:${shown.aliases.length > 0 ? `  (also ${shown.aliases.map((alias) => `:${alias}:`).join(' ')})` : ''}`}
      </p>
    </div>,
    document.body,
  );
}
