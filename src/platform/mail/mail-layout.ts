import { html, SafeHtml } from '../web/html';

/**
 * The HTML part's frame, the same for every mail: a narrow column that reads on a phone,
 * styles inline (mail clients drop style sheets). The content comes from each feature's
 * templates.
 */
export function mailHtml(title: string, content: SafeHtml): string {
  return html`<!DOCTYPE html>
<html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:16px;background:#f5f5f5;font-family:-apple-system,Segoe UI,Helvetica,Arial,sans-serif;font-size:15px;line-height:1.5;color:#222">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:6px;padding:20px;word-wrap:break-word">
${content}
</div></body></html>
`.value;
}

/** A link shown as a button in the HTML part (its text part shows the address itself). */
export function mailButton(url: string, label: string): SafeHtml {
  return html`<p><a href="${url}" style="display:inline-block;padding:10px 18px;background:#2f6fd0;color:#fff;border-radius:4px;text-decoration:none">${label}</a></p>`;
}
