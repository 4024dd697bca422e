import { createContext, useContext, useRef, useSyncExternalStore } from 'react';
import type { ClientState } from './state';
import type { Store } from './store';

export const StoreContext = createContext<Store | null>(null);

export function useStore(): Store {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('useStore outside StoreContext');
  return store;
}

/**
 * Reads the store through a selector and re-renders when its answer changes. The answer is
 * kept for the same state and selector, so a selector that builds a new list is computed
 * once per change, not on every read.
 */
export function useSelector<T>(selector: (state: ClientState) => T): T {
  const store = useStore();
  const cache = useRef<{ state: ClientState; selector: (state: ClientState) => T; value: T } | null>(null);
  const read = (): T => {
    const state = store.getState();
    const last = cache.current;
    if (last !== null && last.state === state && last.selector === selector) return last.value;
    const value = selector(state);
    cache.current = { state, selector, value };
    return value;
  };
  return useSyncExternalStore(store.subscribe, read);
}
