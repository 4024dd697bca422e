/** Parameters as Zulip's clients send them: strings as they are, everything else as JSON text. */
export type Params = Readonly<Record<string, unknown>>;

/**
 * Form-encodes `params` the way Zulip's web client does (it posts
 * `application/x-www-form-urlencoded` bodies): a string goes raw, a number, boolean, list
 * or object as JSON, and `undefined` is left out.
 */
export function encodeForm(params: Params): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return form;
}
