import { useSyncExternalStore } from 'react';

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

/** Whether the URL fragment is `hash` (an overlay such as `#scheduled`, Zulip's fragment for it). */
export function useHashIs(hash: string): boolean {
  return useSyncExternalStore(subscribe, () => window.location.hash === hash);
}

const USER_PROFILE = /^#user\/(\d+)$/;

/** The person whose full profile the fragment opens (`#user/<id>`, Zulip's), or null. */
export function useHashUserId(): number | null {
  return useSyncExternalStore(subscribe, () => {
    const match = USER_PROFILE.exec(window.location.hash);
    return match === null ? null : Number(match[1]);
  });
}

/** Closes an overlay opened by the fragment: back where the person came from, or to the feed. */
export function leaveOverlayHash(): void {
  if (window.history.length > 1) window.history.back();
  else window.location.assign('#feed');
}
