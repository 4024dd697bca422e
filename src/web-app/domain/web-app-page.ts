import { html } from '../../platform/web/html';

/**
 * The web app's page policy: its own scripts, styles, fonts and images (and the `data:` and
 * `blob:` images it makes), inline `style` attributes (positioning done by script), calls to
 * this origin only (`/json`, the event long-poll); nothing framed, no plugins, no `<base>`.
 */
export const WEB_APP_CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' data: blob:; " +
  "font-src 'self'; connect-src 'self'; media-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'self'; " +
  "frame-ancestors 'none'; object-src 'none'";

/**
 * The built page with the session's CSRF token where the app reads it
 * (`<meta name="csrf-token">`, sent back as `X-CSRFToken` on every `/json` change), right
 * before `</head>` (at the start when the page has none).
 */
export function withCsrfToken(page: string, csrfToken: string): string {
  const meta = html`<meta name="csrf-token" content="${csrfToken}">`.value;
  const end = page.search(/<\/head\s*>/i);
  return end < 0 ? meta + page : page.slice(0, end) + meta + page.slice(end);
}
