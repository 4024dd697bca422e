/**
 * Turns event data into JSON and back without losing what JSON alone would: Dates, Maps,
 * Sets, bigints and `undefined` come back as they went. A value JSON cannot carry is
 * wrapped as `{"$t": kind, "v": ...}`; a plain object that itself has a `$t` key is
 * wrapped too, so decoding never mistakes data for a wrapper. Instances of classes that
 * only carry fields (entity rows) come back as plain objects; other class instances are
 * refused, since they would come back without their methods.
 */

const TAG = '$t';

type Wrapped = { [TAG]: string; v?: unknown };

export class EventCodecError extends Error {}

export function encodeValue(value: unknown): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') return Number.isFinite(value) ? value : { [TAG]: 'Number', v: String(value) };
  if (value === undefined) return { [TAG]: 'undefined' };
  if (typeof value === 'bigint') return { [TAG]: 'BigInt', v: value.toString() };
  if (Array.isArray(value)) return value.map(encodeValue);
  if (value instanceof Date) return { [TAG]: 'Date', v: value.getTime() };
  if (value instanceof Map) return { [TAG]: 'Map', v: [...value].map(([key, entry]) => [encodeValue(key), encodeValue(entry)]) };
  if (value instanceof Set) return { [TAG]: 'Set', v: [...value].map(encodeValue) };
  if (typeof value === 'object') {
    // Only data: an instance of a class with methods would come back without them.
    if (!isDataObject(value)) {
      throw new EventCodecError(`cannot encode an instance of ${(value as object).constructor?.name ?? 'an unknown class'}`);
    }
    const encoded: Record<string, unknown> = {};
    for (const key of Object.keys(value)) encoded[key] = encodeValue((value as Record<string, unknown>)[key]);
    return TAG in encoded ? { [TAG]: 'Object', v: encoded } : encoded;
  }
  throw new EventCodecError(`cannot encode a ${typeof value}`);
}

/**
 * A plain object, or an instance of a class that adds nothing but fields (an entity row):
 * it comes back as a plain object with the same fields.
 */
function isDataObject(value: object): boolean {
  for (let prototype = Object.getPrototypeOf(value) as object | null; prototype && prototype !== Object.prototype; ) {
    if (Object.getOwnPropertyNames(prototype).some((name) => name !== 'constructor')) return false;
    prototype = Object.getPrototypeOf(prototype) as object | null;
  }
  return true;
}

export function decodeValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(decodeValue);
  const record = value as Record<string, unknown>;
  if (TAG in record) return decodeWrapped(record as Wrapped);
  const decoded: Record<string, unknown> = {};
  for (const key of Object.keys(record)) decoded[key] = decodeValue(record[key]);
  return decoded;
}

function decodeWrapped(wrapped: Wrapped): unknown {
  switch (wrapped[TAG]) {
    case 'undefined':
      return undefined;
    case 'Number':
      return Number(wrapped.v);
    case 'BigInt':
      return BigInt(String(wrapped.v));
    case 'Date':
      return new Date(Number(wrapped.v));
    case 'Map':
      return new Map((wrapped.v as [unknown, unknown][]).map(([key, entry]) => [decodeValue(key), decodeValue(entry)]));
    case 'Set':
      return new Set((wrapped.v as unknown[]).map(decodeValue));
    case 'Object': {
      const inner = wrapped.v as Record<string, unknown>;
      const decoded: Record<string, unknown> = {};
      for (const key of Object.keys(inner)) decoded[key] = decodeValue(inner[key]);
      return decoded;
    }
    default:
      throw new EventCodecError(`unknown encoded kind ${String(wrapped[TAG])}`);
  }
}

/** One recorded event as the outbox stores it: its class name and its own fields. */
export interface EncodedEvent {
  type: string;
  data: Record<string, unknown>;
}

/** The event's own fields, encoded; its class is named by the caller's registry. */
export function encodeEventData(event: object): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const key of Object.keys(event)) data[key] = encodeValue((event as Record<string, unknown>)[key]);
  return data;
}

/** Re-creates an event of `eventClass` (its prototype, so `instanceof` holds) from encoded fields. */
export function decodeEvent<T extends object>(eventClass: abstract new (...args: never[]) => T, data: Record<string, unknown>): T {
  const event = Object.create(eventClass.prototype as object) as T;
  for (const key of Object.keys(data)) (event as Record<string, unknown>)[key] = decodeValue(data[key]);
  return event;
}
