import { createContext, useContext, useRef, useSyncExternalStore } from 'react';
import type { ClientState } from './state';
import type { Store } from './store';

export const StoreContext = createContext<Store | null>(null);

export function useStore(): Store {
  const store = useContext(StoreContext);
  if (store === null) throw new Error('useStore outside StoreContext');
  return store;
}

/** A plain object (not an array, a Map or a class instance): compared by its own keys. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function sameEntries(a: Record<string, unknown>, b: Record<string, unknown>, depth: number): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => Object.prototype.hasOwnProperty.call(b, key) && sameAnswer(a[key], b[key], depth));
}

/**
 * Whether a selector's new answer says the same as its last: identical, or arrays and plain
 * objects whose items are (two levels down: a list of `{ name, unread }` rows, say). Selectors
 * build new lists on every store change; without this, every component reading one would
 * render again on every event, whatever it was about.
 */
export function sameAnswer(a: unknown, b: unknown, depth = 2): boolean {
  if (Object.is(a, b)) return true;
  if (depth === 0) return false;
  if (Array.isArray(a) && Array.isArray(b)) return a.length === b.length && a.every((item, index) => sameAnswer(item, b[index], depth - 1));
  if (isPlainObject(a) && isPlainObject(b)) return sameEntries(a, b, depth - 1);
  return false;
}

/**
 * Reads the store through a selector and re-renders when its answer changes. The answer is
 * kept for the same state and selector, so a selector that builds a new list is computed
 * once per change, not on every read; an answer that says the same as the last one (see
 * `sameAnswer`) is the last one, so nothing renders again for it.
 */
export function useSelector<T>(selector: (state: ClientState) => T): T {
  const store = useStore();
  const cache = useRef<{ state: ClientState; selector: (state: ClientState) => T; value: T } | null>(null);
  const read = (): T => {
    const state = store.getState();
    const last = cache.current;
    if (last !== null && last.state === state && last.selector === selector) return last.value;
    const computed = selector(state);
    const value = last !== null && sameAnswer(last.value, computed) ? last.value : computed;
    cache.current = { state, selector, value };
    return value;
  };
  return useSyncExternalStore(store.subscribe, read);
}
