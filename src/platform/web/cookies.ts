/** The cookies a request's `Cookie` header sends, by name (the first of a repeated name counts, as Django reads them). */
export function requestCookies(header: string | undefined): Map<string, string> {
  const found = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const equals = part.indexOf('=');
    if (equals <= 0) continue;
    const name = part.slice(0, equals).trim();
    if (!found.has(name)) found.set(name, part.slice(equals + 1).trim());
  }
  return found;
}
