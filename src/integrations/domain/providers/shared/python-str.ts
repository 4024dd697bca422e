/**
 * How Python spells a decoded JSON value, for providers whose messages interpolate one the
 * way Zulip's views do (`str(value)`, `"{}".format(value)`): `True`, `None`, `1.5e-05`,
 * `{'a': 1}`. Decoded JSON has lost whether a number was written `1` or `1.0`; see
 * `pythonNumber` for which Python type a number is taken for.
 */
export function pythonStr(value: unknown): string {
  return typeof value === 'string' ? value : pythonRepr(value);
}

/** Python's `repr` of a decoded JSON value. */
export function pythonRepr(value: unknown): string {
  if (value === null || value === undefined) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'number') return pythonNumber(value);
  if (typeof value === 'string') return pythonStringRepr(value);
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    return `{${entries.map(([key, item]) => `${pythonStringRepr(key)}: ${pythonRepr(item)}`).join(', ')}}`;
  }
  return String(value);
}

/**
 * An `int`'s digits, or a `float`'s shortest round-trip spelling as Python's `repr` writes it.
 * An integral number below 1e21 is taken for an `int`: JSON encoders (Go's, JavaScript's)
 * write such floats without a fraction or an exponent, and Python decodes those as ints.
 */
export function pythonNumber(value: number): string {
  if (Number.isInteger(value) && Math.abs(value) < 1e21) return String(value);
  return pythonFloatRepr(value);
}

/**
 * Python's `float.__repr__`: the same shortest digits as JavaScript, but positional only for
 * decimal exponents from -4 to 15, always with a fractional part, and a two-digit exponent
 * otherwise (`1e-05`, `1e+16`, `2.5e+21`).
 */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'nan';
  if (!Number.isFinite(value)) return value > 0 ? 'inf' : '-inf';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const sign = value < 0 ? '-' : '';
  const [mantissa, exponentText] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    const fraction = digits.slice(exponent + 1);
    return `${sign}${whole}.${fraction === '' ? '0' : fraction}`;
  }
  const head = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits;
  const exponentDigits = String(Math.abs(exponent)).padStart(2, '0');
  return `${sign}${head}e${exponent < 0 ? '-' : '+'}${exponentDigits}`;
}

/** Python's `repr` of a `str`: single quotes unless only double quotes avoid escaping. */
export function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const char of text) {
    if (char === quote || char === '\\') out += `\\${char}`;
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (isUnprintable(char)) out += escapeCodePoint(char.codePointAt(0) as number);
    else out += char;
  }
  return out + quote;
}

function isUnprintable(char: string): boolean {
  // Python's `str.isprintable` is false for controls, separators other than the ASCII space,
  // unassigned, private-use and surrogate code points.
  return /[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]|[^\P{Zs} ]/u.test(char);
}

function escapeCodePoint(code: number): string {
  if (code <= 0xff) return `\\x${code.toString(16).padStart(2, '0')}`;
  if (code <= 0xffff) return `\\u${code.toString(16).padStart(4, '0')}`;
  return `\\U${code.toString(16).padStart(8, '0')}`;
}
