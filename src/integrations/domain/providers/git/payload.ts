import { MalformedWebhookPayload } from '../../integration';

/**
 * A JSON value read field by field, as Zulip's `WildValue`: each value knows the path it was
 * read at (`request['pull_request']['number']`), and a missing key or a value of the wrong
 * type throws `MalformedWebhookPayload` naming that path, in Zulip's words, never a
 * TypeError. Truthiness and `get` with a default follow the Python the formatters mirror.
 */
export class Payload {
  private constructor(
    readonly path: string,
    readonly value: unknown,
  ) {}

  /** The request body, named `request` as Zulip names it in its errors. */
  static of(body: unknown): Payload {
    return new Payload('request', body);
  }

  /** Whether the object has `key` (Python's `key in payload`); throws when it is no object. */
  has(key: string): boolean {
    return Object.prototype.hasOwnProperty.call(this.dict(), key);
  }

  /** `payload[key]`: throws when the key is missing. */
  get(key: string): Payload {
    const dict = this.dict();
    const path = this.childPath(key);
    if (!Object.prototype.hasOwnProperty.call(dict, key)) throw new MalformedWebhookPayload(`${path} is missing`);
    return new Payload(path, dict[key]);
  }

  /** `payload.get(key, fallback)`: the value when the key is present (even null), else `fallback`. */
  opt(key: string, fallback: unknown = null): Payload {
    const dict = this.dict();
    return new Payload(this.childPath(key), Object.prototype.hasOwnProperty.call(dict, key) ? dict[key] : fallback);
  }

  /** The elements of a list. */
  list(): Payload[] {
    if (!Array.isArray(this.value)) throw new MalformedWebhookPayload(`${this.path} is not a list`);
    return this.value.map((item: unknown, index) => new Payload(`${this.path}[${index}]`, item));
  }

  /** The keys of an object, in the payload's order. */
  keys(): string[] {
    return Object.keys(this.dict());
  }

  /** Python's truthiness: null, false, 0, "", [] and {} are false. */
  truthy(): boolean {
    const value = this.value;
    if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
    if (Array.isArray(value)) return value.length > 0;
    if (typeof value === 'object') return Object.keys(value).length > 0;
    return true;
  }

  string(): string {
    if (typeof this.value !== 'string') throw new MalformedWebhookPayload(`${this.path} is not a string`);
    return this.value;
  }

  stringOrNull(): string | null {
    return this.value === null ? null : this.string();
  }

  int(): number {
    if (typeof this.value !== 'number' || !Number.isInteger(this.value)) {
      throw new MalformedWebhookPayload(`${this.path} is not an integer`);
    }
    return this.value;
  }

  bool(): boolean {
    if (typeof this.value !== 'boolean') throw new MalformedWebhookPayload(`${this.path} is not a boolean`);
    return this.value;
  }

  private dict(): Record<string, unknown> {
    const value = this.value;
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new MalformedWebhookPayload(`${this.path} is not a dict`);
    }
    return value as Record<string, unknown>;
  }

  private childPath(key: string): string {
    return `${this.path}[${pyRepr(key)}]`;
  }
}

/** Python's `repr` of a string, as Zulip's error messages quote keys. */
function pyRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  const escaped = text.replace(/\\/g, '\\\\').replace(quote === "'" ? /'/g : /"/g, `\\${quote}`);
  return `${quote}${escaped}${quote}`;
}

/**
 * A boolean URL parameter Zulip reads as `Json[bool]` (`ignore_private_repositories`,
 * `use_merge_request_title`): `true`/`false` (and JSON's 0/1), else a 400 in Zulip's words.
 */
export function jsonBoolParam(params: Readonly<Record<string, string | undefined>>, name: string, fallback: boolean): boolean {
  const raw = params[name];
  if (raw === undefined) return fallback;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new MalformedWebhookPayload(`${name} is not valid JSON`);
  }
  if (typeof parsed === 'boolean') return parsed;
  if (parsed === 0 || parsed === 1) return parsed === 1;
  throw new MalformedWebhookPayload(`${name} is not a boolean`);
}
