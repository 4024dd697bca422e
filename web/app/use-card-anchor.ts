import { useCallback, useState, type MouseEvent } from 'react';

/**
 * What a profile card's triggers share: the element that opened the card (it sits beside
 * it, and focus goes back to it), or null while closed. A second click on it closes it.
 */
export function useCardAnchor() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const toggle = useCallback((event: MouseEvent<HTMLElement>) => {
    const target = event.currentTarget;
    setAnchor((open) => (open === null ? target : null));
  }, []);
  const close = useCallback(() => setAnchor(null), []);
  return { anchor, toggle, close };
}
