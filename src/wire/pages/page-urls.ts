/**
 * Zulip's pages live at URLs ending in a slash (`/accounts/password/reset/`), as Django
 * writes them and as mailed links carry them; Nest drops a route's final slash. Requests
 * for a page under `/accounts/`, `/join/` (invitation links), `/register/` (sign-up) or `/login/` are
 * routed without it (Fastify's `rewriteUrl`), so both spellings reach the page. API
 * routes are left alone.
 */
const PAGE_PREFIXES = ['/accounts/', '/join/', '/register/', '/login/'];

/** Whether `url` is a page's (people follow it in a browser: errors are pages too). */
export function isPageUrl(url: string): boolean {
  return PAGE_PREFIXES.some((prefix) => url.startsWith(prefix));
}

export function withoutPageSlash(url: string): string {
  if (!isPageUrl(url)) return url;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (path.length <= 1 || !path.endsWith('/')) return url;
  return path.slice(0, -1) + (query < 0 ? '' : url.slice(query));
}
