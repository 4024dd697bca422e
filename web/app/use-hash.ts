import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

/** Whether the URL fragment is `hash` (an overlay such as `#scheduled`, Zulip's fragment for it). */
export function useHashIs(hash: string): boolean {
  return useSyncExternalStore(subscribe, () => window.location.hash === hash);
}
