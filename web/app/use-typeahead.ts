import { useEffect, useId, useState, type KeyboardEvent } from 'react';

/** One suggestion: what the list shows and what picking it does (the caller's `value`). */
export interface Suggestion<T> {
  readonly key: string;
  readonly label: string;
  /** A second, quieter line: an email, a channel description, an emoji's other names. */
  readonly detail?: string;
  /** A character drawn before the label (a Unicode emoji, `#`, `@`). */
  readonly glyph?: string;
  /** An image drawn before the label (a custom emoji). */
  readonly imageUrl?: string;
  /** A person's picture (or initials) before the label. */
  readonly avatar?: { readonly userId: number; readonly name: string; readonly url: string | null };
  readonly value: T;
}

export interface Typeahead<T> {
  readonly listboxId: string;
  readonly open: boolean;
  readonly active: number;
  readonly suggestions: readonly Suggestion<T>[];
  optionId(index: number): string;
  setActive(index: number): void;
  pick(index: number): void;
  /** Handles arrows, Enter, Tab and Escape while the list is open; true when it did (the key is then spent). */
  onKeyDown(event: KeyboardEvent<HTMLElement>): boolean;
  /** ARIA for the field the list belongs to (the combobox pattern). */
  readonly fieldProps: {
    'aria-autocomplete': 'list';
    'aria-controls': string | undefined;
    'aria-activedescendant': string | undefined;
    'aria-expanded'?: boolean;
  };
}

/**
 * The keyboard and ARIA half of a typeahead list, shared by the compose box, the topic
 * field and the recipient pickers: arrows move, Enter or Tab pick, Escape closes until
 * `context` (what is being completed) changes.
 */
export function useTypeahead<T>(suggestions: readonly Suggestion<T>[], context: string | null, onPick: (value: T) => void, combobox = false): Typeahead<T> {
  const listboxId = useId();
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  useEffect(() => {
    setActive(0);
    if (context !== dismissed) setDismissed(null);
    // The list starts at its top whenever what is typed changes.
  }, [context, suggestions.length]);
  const open = context !== null && dismissed !== context && suggestions.length > 0;
  const optionId = (index: number) => `${listboxId}-option-${index}`;
  const pick = (index: number) => {
    const chosen = suggestions[index];
    if (chosen !== undefined) onPick(chosen.value);
  };
  const current = Math.min(active, Math.max(0, suggestions.length - 1));
  return {
    listboxId,
    open,
    active: current,
    suggestions,
    optionId,
    setActive,
    pick,
    onKeyDown(event) {
      if (!open) return false;
      switch (event.key) {
        case 'ArrowDown':
          setActive((current + 1) % suggestions.length);
          break;
        case 'ArrowUp':
          setActive((current - 1 + suggestions.length) % suggestions.length);
          break;
        case 'Enter':
        case 'Tab':
          if (event.shiftKey || event.nativeEvent.isComposing) return false;
          pick(current);
          break;
        case 'Escape':
          setDismissed(context);
          break;
        default:
          return false;
      }
      event.preventDefault();
      event.stopPropagation();
      return true;
    },
    fieldProps: {
      'aria-autocomplete': 'list',
      'aria-controls': open ? listboxId : undefined,
      'aria-activedescendant': open ? optionId(current) : undefined,
      ...(combobox ? { 'aria-expanded': open } : {}),
    },
  };
}
