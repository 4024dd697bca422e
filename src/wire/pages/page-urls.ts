/**
 * Zulip's pages live at URLs ending in a slash (`/accounts/password/reset/`), as Django
 * writes them and as mailed links carry them; Nest drops a route's final slash. Requests
 * for a page under `/accounts/` are routed without it (Fastify's `rewriteUrl`), so both
 * spellings reach the page. API routes are left alone.
 */
export function withoutPageSlash(url: string): string {
  if (!url.startsWith('/accounts/')) return url;
  const query = url.indexOf('?');
  const path = query < 0 ? url : url.slice(0, query);
  if (path.length <= 1 || !path.endsWith('/')) return url;
  return path.slice(0, -1) + (query < 0 ? '' : url.slice(query));
}
