import { html, SafeHtml } from './html';
import { PAGE_STYLESHEET_PATH } from './page-style';
import { PAGE_TEXTS } from './page-texts';

export interface PageContent {
  title: string;
  /** The organization the page belongs to, shown above the title. */
  realmName?: string;
  body: SafeHtml;
  /** `lang` of the document. */
  language?: string;
  /** More of the head (a signed-in page's `<meta name="csrf-token">`). */
  head?: SafeHtml;
}

/**
 * The frame of every server-rendered page: a phone-width viewport, the shared stylesheet
 * (the only thing a page loads), no script.
 */
export function renderPage(page: PageContent): string {
  return html`<!DOCTYPE html>
<html lang="${page.language ?? 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>${page.realmName ? `${page.title} · ${page.realmName}` : page.title}</title>
<link rel="stylesheet" href="${PAGE_STYLESHEET_PATH}">
${page.head ?? ''}</head>
<body>
<main>
${page.realmName ? html`<header class="realm">${page.realmName}</header>` : ''}
<h1>${page.title}</h1>
${page.body}
<footer>${PAGE_TEXTS.footer}</footer>
</main>
</body>
</html>
`.value;
}

/** A page with one paragraph (a result or a refusal). */
export function messagePage(title: string, message: string | SafeHtml, realmName?: string): string {
  return renderPage({ title, realmName, body: html`<p>${message}</p>` });
}

/** A form's refusal above the form (none: nothing), announced to screen readers. */
export function formError(error: string | null): SafeHtml {
  return error === null ? html`` : html`<p class="error" role="alert">${error}</p>`;
}
