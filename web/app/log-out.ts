import { csrfTokenOf } from '../api/client';

/**
 * Ends the session as Zulip's web client does: `POST /accounts/logout/` with the page's
 * CSRF token in `X-CSRFToken` (docs/accounts.md, "Signing in and sessions"), then the log-in page.
 */
export async function logOut(): Promise<void> {
  const token = csrfTokenOf(document);
  try {
    await fetch('/accounts/logout/', { method: 'POST', credentials: 'same-origin', headers: token === null ? {} : { 'X-CSRFToken': token }, redirect: 'manual' });
  } finally {
    window.location.assign('/login/');
  }
}
