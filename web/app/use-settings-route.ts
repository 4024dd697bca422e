import { useEffect, useSyncExternalStore } from 'react';
import { overlayRouteOf, type OverlayRoute } from './settings-route';

/** The last narrow's fragment, where leaving an overlay returns (the feed when an overlay opened first). */
let lastNarrowHash = overlayRouteOf(window.location.hash) === null && window.location.hash !== '' ? window.location.hash : '#feed';
/** The route last read, kept while the fragment is unchanged so React sees the same object. */
let lastRead: { hash: string; route: OverlayRoute | null } = { hash: '\0', route: null };

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

function read(): OverlayRoute | null {
  const hash = window.location.hash;
  if (hash === lastRead.hash) return lastRead.route;
  const route = overlayRouteOf(hash);
  if (route === null && hash !== '') lastNarrowHash = hash;
  lastRead = { hash, route };
  return route;
}

/** The overlay the URL fragment opens (settings, the organization's, channels, groups), or null while a narrow is open. */
export function useOverlayRoute(): OverlayRoute | null {
  return useSyncExternalStore(subscribe, read);
}

/** Where "Back" from an overlay goes: the narrow the person came from. */
export function narrowBeforeSettings(): string {
  return lastNarrowHash;
}

/** Escape leaves an overlay for the narrow the person came from, as in Zulip (not while typing, nor with a dialog open: it closes first). */
export function useEscapeToNarrow(): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const typing = event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLSelectElement;
      if (event.key === 'Escape' && !typing && !event.defaultPrevented && document.querySelector('dialog[open]') === null) window.location.hash = narrowBeforeSettings();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
