/**
 * Reading a provider's JSON without trusting its shape, and the last touches Zulip gives a
 * webhook message before it is stored. Every reader throws `MalformedWebhookPayload` naming
 * the path it failed on, so a wrong payload is a 400 and never a TypeError.
 */
import { MalformedWebhookPayload } from '../integration';

export type JsonObject = { readonly [key: string]: unknown };

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function hasKey(object: JsonObject, key: string): boolean {
  return Object.prototype.hasOwnProperty.call(object, key);
}

/** The value at `key`, or undefined when the object has no such key. */
export function fieldOf(object: JsonObject, key: string): unknown {
  return hasKey(object, key) ? object[key] : undefined;
}

export function expectObject(value: unknown, path: string): JsonObject {
  if (!isJsonObject(value)) throw new MalformedWebhookPayload(`${path} is not a dict`);
  return value;
}

export function expectArray(value: unknown, path: string): readonly unknown[] {
  if (!Array.isArray(value)) throw new MalformedWebhookPayload(`${path} is not a list`);
  return value;
}

export function expectString(value: unknown, path: string): string {
  if (typeof value !== 'string') throw new MalformedWebhookPayload(`${path} is not a string`);
  return value;
}

/** A key that must be present (Python's `d[key]`). */
export function required(object: JsonObject, key: string, path: string): unknown {
  if (!hasKey(object, key)) throw new MalformedWebhookPayload(`${path}["${key}"] is missing`);
  return object[key];
}

export function requiredObject(object: JsonObject, key: string, path: string): JsonObject {
  return expectObject(required(object, key, path), `${path}["${key}"]`);
}

export function requiredString(object: JsonObject, key: string, path: string): string {
  return expectString(required(object, key, path), `${path}["${key}"]`);
}

/** A key that may be absent or null, else a string. */
export function optionalString(object: JsonObject, key: string, path: string): string | null {
  const value = fieldOf(object, key);
  if (value === undefined || value === null) return null;
  return expectString(value, `${path}["${key}"]`);
}

/** Python's truthiness of a JSON value: null, false, 0, "", [] and {} are false. */
export function isTruthy(value: unknown): boolean {
  if (value === undefined || value === null || value === false || value === 0 || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  if (isJsonObject(value)) return Object.keys(value).length > 0;
  return true;
}

/** How Python's `str()` writes a JSON value into a template (`None`, `True`, ...). */
export function pythonStr(value: unknown): string {
  if (value === undefined || value === null) return 'None';
  if (value === true) return 'True';
  if (value === false) return 'False';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** Python's `repr()` of a list of strings, as Zulip names an unknown payload by its keys. */
export function pythonListRepr(items: readonly string[]): string {
  return `[${items.map((item) => `'${item.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`).join(', ')}]`;
}

const MAX_TOPIC_LENGTH = 60;

/** Zulip cuts a topic longer than 60 characters to 57 and an ellipsis. */
export function truncateTopic(topic: string): string {
  const characters = Array.from(topic);
  if (characters.length <= MAX_TOPIC_LENGTH) return topic;
  return `${characters.slice(0, MAX_TOPIC_LENGTH - 3).join('')}...`;
}

/** Zulip drops trailing whitespace and leading blank lines from a message's content. */
export function normalizeContent(content: string): string {
  return content.replace(/\s+$/u, '').replace(/^\n+/, '');
}
