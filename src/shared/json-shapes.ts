import { ApiError } from './api-error';

/**
 * Shape checks for JSON parameters, worded as Zulip words them: `to is not a list`,
 * `to[1] is not an integer`, `subscriptions[0]["name"] is not a string`.
 */
export function expectList(name: string, value: unknown): unknown[] {
  if (!Array.isArray(value)) throw ApiError.badRequest(`${name} is not a list`);
  return value;
}

export function expectObject(name: string, value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw ApiError.badRequest(`${name} is not a dict`);
  return value as Record<string, unknown>;
}

export function expectInteger(name: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value)) throw ApiError.badRequest(`${name} is not an integer`);
  return value;
}

export function expectString(name: string, value: unknown): string {
  if (typeof value !== 'string') throw ApiError.badRequest(`${name} is not a string`);
  return value;
}

export function expectIntegerList(name: string, value: unknown): number[] {
  return expectList(name, value).map((item, index) => expectInteger(`${name}[${index}]`, item));
}

export function expectStringList(name: string, value: unknown): string[] {
  return expectList(name, value).map((item, index) => expectString(`${name}[${index}]`, item));
}

/** A list of user ids or of emails, never both (Zulip's principals and DM recipients). */
export function expectIdsOrEmails(name: string, value: unknown): number[] | string[] {
  const list = expectList(name, value);
  if (list.length === 0) return [];
  return typeof list[0] === 'string' ? expectStringList(name, list) : expectIntegerList(name, list);
}

/** `obj["key"]` in error messages, as Zulip prints dictionary paths. */
export function keyPath(name: string, key: string): string {
  return `${name}[${JSON.stringify(key)}]`;
}
