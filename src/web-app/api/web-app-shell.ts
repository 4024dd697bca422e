import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { withCsrfToken } from '../domain/web-app-page';

/**
 * The web app's built page, `dist/web/index.html` (written by `npm run build`, its assets
 * under `/static/webapp/`): this file is compiled to `dist/web-app/api/`, so the page is
 * two folders up. Read on every request, so a rebuild shows without a restart (the page is
 * small and signed-in page loads are rare).
 */
const INDEX_HTML = join(__dirname, '..', '..', 'web', 'index.html');

/** The page for the session with `csrfToken`, or null when the web app was not built. */
export async function webAppShell(csrfToken: string): Promise<string | null> {
  let page: string;
  try {
    page = await readFile(INDEX_HTML, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  return withCsrfToken(page, csrfToken);
}
