import { escapeHtml } from '../../shared/html-escape';

/** HTML that is already safe: a template's output, or markup a template put together. */
export class SafeHtml {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

type Interpolated = SafeHtml | string | number | null | undefined | readonly Interpolated[];

function render(value: Interpolated): string {
  if (value === null || value === undefined) return '';
  if (value instanceof SafeHtml) return value.value;
  if (Array.isArray(value)) return (value as readonly Interpolated[]).map(render).join('');
  return escapeHtml(String(value as string | number), '&#39;');
}

/**
 * The one way pages and mails write HTML: every interpolated value is escaped unless it is
 * SafeHtml (another `html` template's output), so a name or an address can never become
 * markup. Lists are joined.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolated[]): SafeHtml {
  let out = strings[0];
  values.forEach((value, index) => {
    out += render(value) + strings[index + 1];
  });
  return new SafeHtml(out);
}

/** Markup the caller vouches for (a constant of a template catalog). */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
