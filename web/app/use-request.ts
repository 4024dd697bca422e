import { useCallback, useState } from 'react';
import { ApiError } from '../api/client';

export interface Request {
  readonly busy: boolean;
  /** The server's words when it refused the last request, for the form to show by its field. */
  readonly error: string | null;
  /** What the last request achieved, when the form says so (a sent confirmation, say). */
  readonly done: boolean;
  run(work: () => Promise<void>): Promise<boolean>;
  clear(): void;
}

/**
 * One form's request at a time: busy while it runs, the server's `msg` when it is refused.
 * Signed out (401) goes to the log-in page, as everywhere in the app.
 */
export function useRequest(): Request {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const run = useCallback(async (work: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    setDone(false);
    try {
      await work();
      setDone(true);
      return true;
    } catch (failure) {
      // A wrong password (fetch_api_key's AUTHENTICATION_FAILED) is the form's to show, not a lost session.
      if (failure instanceof ApiError && failure.status === 401 && failure.code !== 'AUTHENTICATION_FAILED') window.location.assign('/login/');
      setError(failure instanceof Error ? failure.message : String(failure));
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  const clear = useCallback(() => {
    setError(null);
    setDone(false);
  }, []);
  return { busy, error, done, run, clear };
}
