/**
 * Where the log-in form sends a person once signed in: the `next` it was given when it is a
 * path of this server (`/...`, not `//host` nor `/\host`, which browsers read as another
 * host) or a fragment of the web app (`#narrow/...`, as Zulip's links carry), else the app.
 */
export function safeNextLocation(next: string | undefined): string {
  if (next === undefined || next === '' || hasUnsafeCharacter(next)) return '/';
  if (next.startsWith('#')) return `/${next}`;
  if (next.startsWith('/') && !next.startsWith('//')) return next;
  return '/';
}

/** Spaces, control characters, backslashes (browsers drop or reinterpret them) and non-ASCII (a Location header is ASCII). */
function hasUnsafeCharacter(value: string): boolean {
  for (const character of value) {
    const code = character.codePointAt(0) ?? 0;
    if (code <= 0x20 || code >= 0x7f || character === '\\') return true;
  }
  return false;
}
