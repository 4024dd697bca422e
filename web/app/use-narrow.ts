import { useSyncExternalStore } from 'react';
import { parseHash, type Narrow } from '../store/narrow';

function subscribe(listener: () => void): () => void {
  window.addEventListener('hashchange', listener);
  return () => window.removeEventListener('hashchange', listener);
}

let lastHash: string | null = null;
let lastNarrow: Narrow | null = null;

function read(): Narrow {
  const hash = window.location.hash;
  if (hash !== lastHash || lastNarrow === null) {
    lastHash = hash;
    lastNarrow = parseHash(hash);
  }
  return lastNarrow;
}

/** The narrow the URL fragment names: the fragment is where the person is (reloading returns there). */
export function useNarrow(): Narrow {
  return useSyncExternalStore(subscribe, read);
}
