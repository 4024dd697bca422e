import { MalformedWebhookPayload } from '../../integration';
import { pythonNumber, pythonStr, pythonStringRepr } from './python-str';

/**
 * A value of a webhook payload read as Zulip's views read theirs (`WildValue`): every
 * access names the value by its path from the root (`payload['alerts'][0]['status']`,
 * `request['pull_request']['number']`),
 * and a missing key or a value of the wrong type throws `MalformedWebhookPayload` with the
 * message Zulip's `ValidationError` carries, so a provider never meets a `TypeError`.
 * Python's semantics are kept where a formatter depends on them: truthiness (`{}`, `[]`,
 * `""`, `0` and `null` are false) and `get` returning the default only for an absent key.
 */
export class WildValue {
  private constructor(
    readonly path: string,
    readonly value: unknown,
  ) {}

  /** The request body, named `payload` as the views of Grafana, Alertmanager and PagerDuty name it. */
  static payload(body: unknown): WildValue {
    return new WildValue('payload', body);
  }

  /** The request body, named `request` as Zulip's errors name a typed endpoint's body. */
  static request(body: unknown): WildValue {
    return new WildValue('request', body);
  }

  /** Python's `bool(value)`. */
  get truthy(): boolean {
    const value = this.value;
    if (value === null || value === undefined || value === false || value === 0 || value === '') return false;
    if (Array.isArray(value)) return value.length > 0;
    if (typeof value === 'object') return Object.keys(value).length > 0;
    return true;
  }

  /** Whether the value is a dict, for readers that fall back rather than fail on another shape. */
  get isDict(): boolean {
    return typeof this.value === 'object' && this.value !== null && !Array.isArray(this.value);
  }

  get isNull(): boolean {
    return this.value === null || this.value === undefined;
  }

  /** `key in value`: the value must be a dict. */
  has(key: string): boolean {
    return Object.hasOwn(this.dict(), key);
  }

  /** `value[key]`: the value must be a dict holding the key. */
  at(key: string): WildValue {
    const dict = this.dict();
    if (!Object.hasOwn(dict, key)) throw new MalformedWebhookPayload(`${this.child(key)} is missing`);
    return new WildValue(this.child(key), dict[key]);
  }

  /** `value.get(key, fallback)`: the value must be a dict; an absent key gives the fallback. */
  get(key: string, fallback: unknown = null): WildValue {
    const dict = this.dict();
    return new WildValue(this.child(key), Object.hasOwn(dict, key) ? dict[key] : fallback);
  }

  /** `value[index]`: the value must be a list long enough. */
  item(index: number): WildValue {
    const list = this.list();
    const item = list[index];
    if (item === undefined) throw new MalformedWebhookPayload(`${this.path}[${index}] is missing`);
    return item;
  }

  /** `for item in value`: the value must be a list. */
  list(): WildValue[] {
    if (!Array.isArray(this.value)) throw new MalformedWebhookPayload(`${this.path} is not a list`);
    return this.value.map((item: unknown, index) => new WildValue(`${this.path}[${index}]`, item));
  }

  /** This dict with `fields` set, under the same path (a view adding keys it derived). */
  withFields(fields: Readonly<Record<string, unknown>>): WildValue {
    return new WildValue(this.path, { ...this.dict(), ...fields });
  }

  /** `value.keys()`, in the payload's order: the value must be a dict. */
  keys(): string[] {
    return Object.keys(this.dict());
  }

  /** `value.items()`, in the payload's order: the value must be a dict. */
  entries(): [string, WildValue][] {
    return Object.entries(this.dict()).map(([key, item]): [string, WildValue] => [key, new WildValue(this.child(key), item)]);
  }

  /** `check_string`. */
  string(): string {
    if (typeof this.value !== 'string') throw new MalformedWebhookPayload(`${this.path} is not a string`);
    return this.value;
  }

  /** `check_none_or(check_string)`. */
  noneOrString(): string | null {
    return this.isNull ? null : this.string();
  }

  /** `check_string_in(allowed)`. */
  stringIn<T extends string>(allowed: readonly T[]): T {
    const value = this.string();
    const found = allowed.find((candidate) => candidate === value);
    if (found === undefined) throw new MalformedWebhookPayload(`Invalid ${this.path}`);
    return found;
  }

  /** `check_int`. */
  int(): number {
    if (typeof this.value !== 'number' || !Number.isInteger(this.value)) {
      throw new MalformedWebhookPayload(`${this.path} is not an integer`);
    }
    return this.value;
  }

  /** `check_bool`. */
  bool(): boolean {
    if (typeof this.value !== 'boolean') throw new MalformedWebhookPayload(`${this.path} is not a boolean`);
    return this.value;
  }

  /** `check_int`, spelled as Python's `str` spells the int (a bool is an int in Python). */
  intText(): string {
    const value = this.value;
    if (typeof value === 'boolean') return value ? 'True' : 'False';
    return pythonNumber(this.int());
  }

  /** `check_none_or(check_union([check_int, check_float]))`, spelled as Python's `str`. */
  noneOrNumberText(): string {
    const value = this.value;
    if (value === null || value === undefined) return 'None';
    if (typeof value === 'boolean') return value ? 'True' : 'False';
    if (typeof value !== 'number') throw new MalformedWebhookPayload(`${this.path} is not an allowed_type`);
    return pythonNumber(value);
  }

  /** `str(value.tame(check_anything))`. */
  anythingText(): string {
    return pythonStr(this.value);
  }

  private dict(): Record<string, unknown> {
    if (!this.isDict) throw new MalformedWebhookPayload(`${this.path} is not a dict`);
    return this.value as Record<string, unknown>;
  }

  private child(key: string): string {
    return `${this.path}[${pythonStringRepr(key)}]`;
  }
}
