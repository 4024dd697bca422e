/**
 * RFC 6570 URI Template syntax (level 4), for checking linkifier URL templates and naming
 * their variables. Expansion is the `url-template` library's job; it accepts anything, so
 * the grammar is checked here, as Zulip's `uri_template.validate` does.
 */

const OPERATORS = new Set(['+', '#', '.', '/', ';', '?', '&']);
/** Operators RFC 6570 reserves for future extensions: not valid in a template. */
const RESERVED_OPERATORS = new Set(['=', ',', '!', '@', '|']);

const PCT_ENCODED = /^%[0-9A-Fa-f]{2}/;
const VARCHAR = /^(?:[A-Za-z0-9_]|%[0-9A-Fa-f]{2})/;
const PREFIX = /^:[1-9][0-9]{0,3}$/;

/** A literal character outside expressions (RFC 6570 section 2.1). */
function isLiteral(char: string): boolean {
  const code = char.codePointAt(0) as number;
  if (code <= 0x20 || code === 0x7f) return false;
  if (code > 0x7f) return true;
  return !`"'%<>\\^\`{|}`.includes(char);
}

/** `varname [modifier]` of a varspec; null when malformed. */
function parseVarspec(spec: string): string | null {
  let rest = spec;
  let name = '';
  let expectChar = true;
  while (rest.length > 0) {
    const varchar = VARCHAR.exec(rest);
    if (varchar) {
      name += varchar[0];
      rest = rest.slice(varchar[0].length);
      expectChar = false;
      continue;
    }
    // A dot only between varchars.
    if (rest[0] === '.' && !expectChar && rest.length > 1 && VARCHAR.test(rest.slice(1))) {
      name += '.';
      rest = rest.slice(1);
      expectChar = true;
      continue;
    }
    break;
  }
  if (name === '' || expectChar) return null;
  if (rest === '' || rest === '*' || PREFIX.test(rest)) return name;
  return null;
}

/** The variable names a template uses, in order of first use; null when it is not a valid template. */
export function templateVariables(template: string): string[] | null {
  const names: string[] = [];
  let index = 0;
  const chars = [...template];
  while (index < chars.length) {
    const char = chars[index];
    if (char === '{') {
      const close = chars.indexOf('}', index + 1);
      if (close < 0) return null;
      let body = chars.slice(index + 1, close).join('');
      if (body.length === 0) return null;
      if (RESERVED_OPERATORS.has(body[0])) return null;
      if (OPERATORS.has(body[0])) body = body.slice(1);
      for (const spec of body.split(',')) {
        const name = parseVarspec(spec);
        if (name === null) return null;
        if (!names.includes(name)) names.push(name);
      }
      index = close + 1;
      continue;
    }
    if (char === '%') {
      const encoded = PCT_ENCODED.exec(chars.slice(index, index + 3).join(''));
      if (!encoded) return null;
      index += 3;
      continue;
    }
    if (!isLiteral(char)) return null;
    index += 1;
  }
  return names;
}
