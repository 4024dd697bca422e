import type { Where } from '../store/state';

/**
 * A request to open the compose box from elsewhere in the app: a quote-reply, the `r` key
 * on a selected message, `x` for a new direct message. `where` addresses the box (left as
 * it is when absent); `insert` is Markdown put at the cursor (a quote, say).
 */
export interface ComposeRequest {
  readonly where?: Where;
  readonly insert?: string;
}

type ComposeListener = (request: ComposeRequest) => void;

const listeners = new Set<ComposeListener>();

/** Asks the compose box to open (and address itself, and take text) as the request says. */
export function requestCompose(request: ComposeRequest): void {
  for (const listener of listeners) listener(request);
}

/** Called with every request until the returned function is called. */
export function onComposeRequest(listener: ComposeListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
