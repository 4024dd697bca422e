/**
 * JSON read and written as Python's `json` module does, for providers whose messages quote
 * a payload (Zulip's JSON formatter posts `json.dumps(payload, indent=2)`). JavaScript's
 * `JSON.parse` would reorder integer-like keys, round big integers and forget whether a
 * number was written `1` or `1.0`; this keeps what Python keeps: keys in first-seen order
 * (a repeated key keeps its place and takes the last value), integers exact, floats as
 * Python's `repr` spells them.
 */
export type PyJson =
  | { readonly kind: 'object'; readonly entries: Map<string, PyJson> }
  | { readonly kind: 'array'; readonly items: PyJson[] }
  | { readonly kind: 'string'; readonly value: string }
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'literal'; readonly text: 'true' | 'false' | 'null' };

export class PyJsonSyntaxError extends Error {}

/** Python's `json.loads` (strict: no control characters inside strings). */
export function parsePyJson(text: string): PyJson {
  const parser = new Parser(text);
  parser.skipSpace();
  const value = parser.value(0);
  parser.skipSpace();
  if (parser.position !== text.length) throw new PyJsonSyntaxError('Extra data');
  return value;
}

/** A decoded JSON value (JSON.parse's) as Python would hold it, for callers without the text. */
export function pyJsonOf(value: unknown): PyJson {
  if (value === null || value === undefined) return { kind: 'literal', text: 'null' };
  if (value === true || value === false) return { kind: 'literal', text: value ? 'true' : 'false' };
  if (typeof value === 'number') return { kind: 'number', text: Number.isSafeInteger(value) ? String(value) : pythonFloatRepr(value) };
  if (typeof value === 'string') return { kind: 'string', value };
  if (Array.isArray(value)) return { kind: 'array', items: value.map(pyJsonOf) };
  return { kind: 'object', entries: new Map(Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, pyJsonOf(item)])) };
}

/** Python's `json.dumps(value, indent=2)`: `ensure_ascii`, `", "` and `": "` separators. */
export function dumpPyJson(value: PyJson, indent = 2): string {
  const parts: string[] = [];
  write(value, 0, indent, parts);
  return parts.join('');
}

function write(value: PyJson, level: number, indent: number, out: string[]): void {
  switch (value.kind) {
    case 'literal':
      out.push(value.text);
      return;
    case 'string':
      out.push(quote(value.value));
      return;
    case 'number':
      out.push(pythonNumber(value.text));
      return;
    case 'array':
      writeContainer('[', ']', value.items.map((item): [null, PyJson] => [null, item]), level, indent, out);
      return;
    case 'object':
      writeContainer('{', '}', [...value.entries], level, indent, out);
      return;
  }
}

/** A list or an object: empty on one line, else one item a line, indented one level deeper. */
function writeContainer(open: string, close: string, items: Array<[string | null, PyJson]>, level: number, indent: number, out: string[]): void {
  if (items.length === 0) {
    out.push(open + close);
    return;
  }
  const inner = '\n' + ' '.repeat(indent * (level + 1));
  out.push(open);
  items.forEach(([key, item], index) => {
    out.push(index === 0 ? inner : ',' + inner);
    if (key !== null) out.push(quote(key), ': ');
    write(item, level + 1, indent, out);
  });
  out.push('\n' + ' '.repeat(indent * level) + close);
}

const SHORT_ESCAPES: Readonly<Record<string, string>> = {
  '\\': '\\\\', '"': '\\"', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t',
};

/** Python's `ensure_ascii` quoting: anything outside space..tilde escaped, by UTF-16 unit. */
function quote(text: string): string {
  let out = '"';
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    const code = text.charCodeAt(i);
    if (SHORT_ESCAPES[char] !== undefined) out += SHORT_ESCAPES[char];
    else if (code < 0x20 || code > 0x7e) out += '\\u' + code.toString(16).padStart(4, '0');
    else out += char;
  }
  return out + '"';
}

/** A JSON number's text as Python prints what `json.loads` made of it (an int, or a float). */
function pythonNumber(text: string): string {
  if (!/[.eE]/.test(text)) {
    // Python's ints are exact: only a negative zero changes.
    return /^-0+$/.test(text) ? '0' : text;
  }
  return pythonFloatRepr(Number(text));
}

/** Python's `repr(float)`: the shortest round-tripping digits, fixed for 1e-4 <= |x| < 1e16. */
export function pythonFloatRepr(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'Infinity' : '-Infinity';
  if (value === 0) return Object.is(value, -0) ? '-0.0' : '0.0';
  const [mantissa, exponentText] = Math.abs(value).toExponential().split('e');
  const digits = mantissa.replace('.', '');
  const exponent = Number(exponentText);
  const sign = value < 0 ? '-' : '';
  if (exponent >= -4 && exponent < 16) {
    if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
    const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0');
    const fraction = digits.slice(exponent + 1);
    return `${sign}${whole}.${fraction === '' ? '0' : fraction}`;
  }
  const body = digits.length === 1 ? digits : `${digits[0]}.${digits.slice(1)}`;
  const exponentSign = exponent < 0 ? '-' : '+';
  return `${sign}${body}e${exponentSign}${String(Math.abs(exponent)).padStart(2, '0')}`;
}

/** Python's parser takes nesting as deep as its recursion limit; this one stops well before the stack does. */
const MAX_DEPTH = 500;

class Parser {
  position = 0;

  constructor(private readonly text: string) {}

  skipSpace(): void {
    while (this.position < this.text.length && ' \t\n\r'.includes(this.text[this.position])) this.position++;
  }

  value(depth: number): PyJson {
    if (depth > MAX_DEPTH) throw new PyJsonSyntaxError('Nested too deeply');
    const char = this.text[this.position];
    if (char === '{') return this.object(depth);
    if (char === '[') return this.array(depth);
    if (char === '"') return { kind: 'string', value: this.string() };
    for (const literal of ['true', 'false', 'null'] as const) {
      if (this.text.startsWith(literal, this.position)) {
        this.position += literal.length;
        return { kind: 'literal', text: literal };
      }
    }
    const number = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?/.exec(this.text.slice(this.position, this.position + 4400));
    if (number === null || number[0] === '' || number[0] === '-') throw new PyJsonSyntaxError('Expecting value');
    this.position += number[0].length;
    return { kind: 'number', text: number[0] };
  }

  private object(depth: number): PyJson {
    this.position++;
    const entries = new Map<string, PyJson>();
    this.skipSpace();
    if (this.text[this.position] === '}') {
      this.position++;
      return { kind: 'object', entries };
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.position] !== '"') throw new PyJsonSyntaxError('Expecting property name');
      const key = this.string();
      this.skipSpace();
      if (this.text[this.position] !== ':') throw new PyJsonSyntaxError("Expecting ':'");
      this.position++;
      this.skipSpace();
      entries.set(key, this.value(depth + 1));
      this.skipSpace();
      const next = this.text[this.position++];
      if (next === '}') return { kind: 'object', entries };
      if (next !== ',') throw new PyJsonSyntaxError("Expecting ',' delimiter");
    }
  }

  private array(depth: number): PyJson {
    this.position++;
    const items: PyJson[] = [];
    this.skipSpace();
    if (this.text[this.position] === ']') {
      this.position++;
      return { kind: 'array', items };
    }
    for (;;) {
      this.skipSpace();
      items.push(this.value(depth + 1));
      this.skipSpace();
      const next = this.text[this.position++];
      if (next === ']') return { kind: 'array', items };
      if (next !== ',') throw new PyJsonSyntaxError("Expecting ',' delimiter");
    }
  }

  private string(): string {
    const start = ++this.position;
    let out = '';
    let chunkStart = start;
    for (;;) {
      if (this.position >= this.text.length) throw new PyJsonSyntaxError('Unterminated string');
      const code = this.text.charCodeAt(this.position);
      if (code === 0x22) {
        out += this.text.slice(chunkStart, this.position);
        this.position++;
        return out;
      }
      if (code < 0x20) throw new PyJsonSyntaxError('Invalid control character');
      if (code !== 0x5c) {
        this.position++;
        continue;
      }
      out += this.text.slice(chunkStart, this.position);
      const escape = this.text[this.position + 1];
      const simple: Readonly<Record<string, string>> = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' };
      if (escape !== undefined && simple[escape] !== undefined) {
        out += simple[escape];
        this.position += 2;
      } else if (escape === 'u' && /^[0-9a-fA-F]{4}$/.test(this.text.slice(this.position + 2, this.position + 6))) {
        out += String.fromCharCode(parseInt(this.text.slice(this.position + 2, this.position + 6), 16));
        this.position += 6;
      } else {
        throw new PyJsonSyntaxError('Invalid \\escape');
      }
      chunkStart = this.position;
    }
  }
}
