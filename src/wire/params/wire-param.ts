import 'reflect-metadata';
import { getMetadataStorage, validateSync, ValidationError } from 'class-validator';
import { ApiError } from '../../shared/api-error';
import { checkJsonShape } from '../input-limits';
import { RawValue, RequestContext } from '../request-context';

/**
 * How a parameter travels: strings arrive raw; integers, booleans, lists and objects
 * arrive as JSON text (clients differ, so a JSON body's native values are accepted too).
 */
export type WireKind = 'string' | 'int' | 'bool' | 'json';

export interface WireParamOptions {
  /** Required unless a default is given or `optional` is set. */
  optional?: boolean;
  default?: unknown;
  /** Older names Zulip still accepts for the same parameter. */
  aliases?: readonly string[];
  /** Read from the URL path rather than the query or body. */
  path?: boolean;
  /** The endpoint refuses NUL characters itself, with Zulip's own words (message content, topics). */
  nulCheckedByEndpoint?: boolean;
}

export interface WireParamSpec extends WireParamOptions {
  property: string;
  kind: WireKind;
}

const SPECS = Symbol('wireParamSpecs');

/** Declares a wire parameter on a param class; the property name is the wire name. */
export function WireParam(kind: WireKind, options: WireParamOptions = {}): PropertyDecorator {
  return (target, property) => {
    const specs: WireParamSpec[] = Reflect.getMetadata(SPECS, target) ?? [];
    Reflect.defineMetadata(SPECS, [...specs, { ...options, kind, property: String(property) }], target);
  };
}

export type ParamClass<T> = new () => T;

/** The parameters a param class declares, in declaration order (the OpenAPI document lists them). */
export function declaredWireParams(type: unknown): readonly WireParamSpec[] {
  if (typeof type !== 'function') return [];
  return (Reflect.getMetadata(SPECS, (type as { prototype: object }).prototype) as WireParamSpec[] | undefined) ?? [];
}

/**
 * Reads every declared parameter of `type` from the request: missing and malformed values
 * answer Zulip's errors; then the class's class-validator rules run, and the first failure
 * is the error's message.
 */
export function decodeParams<T extends object>(
  type: ParamClass<T>,
  context: RequestContext,
  pathParams: Record<string, string>,
): T {
  const instance = new type();
  const specs: WireParamSpec[] = Reflect.getMetadata(SPECS, type.prototype) ?? [];
  for (const spec of specs) {
    const found = spec.path ? pathValue(spec, pathParams) : bodyValue(spec, context);
    let value: unknown;
    if (found === undefined) {
      if (spec.default === undefined && !spec.optional) throw ApiError.missingArgument(spec.property);
      value = spec.default;
    } else if (spec.path && spec.kind === 'int') {
      value = decodePathInteger(spec.property, String(found));
    } else {
      value = decodeValue(spec.property, spec.kind, found);
    }
    // PostgreSQL text cannot hold NUL: refuse it here, by name, rather than fail in a query.
    if (found !== undefined && !spec.nulCheckedByEndpoint && containsNul(value)) throw ApiError.badRequest(`${spec.property} contains NULL (0x00) characters.`);
    (instance as Record<string, unknown>)[spec.property] = value;
  }
  if (!hasValidationRules(type)) return instance;
  const errors = validateSync(instance, { skipUndefinedProperties: true, forbidUnknownValues: false });
  if (errors.length > 0) throw ApiError.badRequest(firstMessage(errors[0]));
  return instance;
}

const validated = new Map<ParamClass<object>, boolean>();

/** Whether class-validator has rules for the class: without any, validating is wasted work per request. */
function hasValidationRules(type: ParamClass<object>): boolean {
  let rules = validated.get(type);
  if (rules === undefined) {
    rules = getMetadataStorage().getTargetValidationMetadatas(type, '', true, false).length > 0;
    validated.set(type, rules);
  }
  return rules;
}

function pathValue(spec: WireParamSpec, pathParams: Record<string, string>): RawValue | undefined {
  const value = pathParams[spec.property];
  return value === undefined ? undefined : decodeURIComponentSafe(value);
}

function bodyValue(spec: WireParamSpec, context: RequestContext): RawValue | undefined {
  for (const name of [spec.property, ...(spec.aliases ?? [])]) {
    if (context.params.has(name)) {
      context.usedParams.add(name);
      return context.params.get(name);
    }
  }
  return undefined;
}

/** A path segment is never JSON: `/messages/abc` names no integer. */
function decodePathInteger(name: string, text: string): number {
  const value = /^-?\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(value)) throw ApiError.badRequest(`${name} is not an integer`);
  return value;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Zulip's wording for values of the wrong shape. */
export function decodeValue(name: string, kind: WireKind, raw: RawValue): unknown {
  switch (kind) {
    case 'string':
      if (typeof raw === 'string') return raw;
      if (typeof raw === 'number' || typeof raw === 'boolean') return String(raw);
      // A JSON body's list or object where form clients send JSON text (`to=[9]`).
      if (typeof raw === 'object' && raw !== null) return JSON.stringify(raw);
      throw ApiError.badRequest(`${name} is not a string`);
    case 'int': {
      const value = typeof raw === 'string' ? parseJsonText(name, raw) : raw;
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
        throw ApiError.badRequest(`${name} is not an integer`);
      }
      return value;
    }
    case 'bool': {
      const value = typeof raw === 'string' ? parseJsonText(name, raw) : raw;
      if (typeof value !== 'boolean') throw ApiError.badRequest(`${name} is not a boolean`);
      return value;
    }
    case 'json': {
      const value = typeof raw === 'string' ? parseJsonText(name, raw) : raw;
      checkJsonShape(name, value);
      return value;
    }
  }
}

/** Whether a decoded value is, or holds (as a string, key or nested item), a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Decoded JSON is finite; the depth bound only keeps a pathological value off the stack.
  if (typeof value !== 'object' || value === null || depth > 64) return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}

function parseJsonText(name: string, text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw ApiError.badRequest(`${name} is not valid JSON`);
  }
}

function firstMessage(error: ValidationError): string {
  if (error.constraints) {
    const messages = Object.values(error.constraints);
    if (messages.length > 0) return messages[0];
  }
  if (error.children && error.children.length > 0) return firstMessage(error.children[0]);
  return `Invalid ${error.property}`;
}
