/** The JSON Schema (2020-12) subset the document uses; OpenAPI 3.1 schemas are exactly this. */
export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';

export interface JsonSchema {
  $ref?: string;
  type?: JsonType | JsonType[];
  description?: string;
  format?: string;
  enum?: readonly unknown[];
  const?: unknown;
  default?: unknown;
  /** JSON Schema 2020-12's annotation: sample values (the browsing page fills a form field with the first). */
  examples?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  minimum?: number;
}

export const str: JsonSchema = { type: 'string' };
export const int: JsonSchema = { type: 'integer' };
export const num: JsonSchema = { type: 'number' };
export const bool: JsonSchema = { type: 'boolean' };
/** Any JSON value: free-form data the server passes through (config maps, event payloads). */
export const anyValue: JsonSchema = {};

export function ref(component: string): JsonSchema {
  return { $ref: `#/components/schemas/${component}` };
}

export function arr(items: JsonSchema): JsonSchema {
  return { type: 'array', items };
}

/** `schema` or null. */
export function nullable(schema: JsonSchema): JsonSchema {
  if (schema.$ref !== undefined || schema.type === undefined) return { anyOf: [schema, { type: 'null' }] };
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return { ...schema, type: [...types, 'null'] };
}

export function oneOf(...schemas: JsonSchema[]): JsonSchema {
  return { anyOf: schemas };
}

export function literal(...values: readonly unknown[]): JsonSchema {
  return values.length === 1 ? { const: values[0] } : { enum: values };
}

/** A map keyed by ids, names or emails: the keys are data, so any key is allowed. */
export function mapOf(values: JsonSchema): JsonSchema {
  return { type: 'object', additionalProperties: values };
}

export interface ObjectOptions {
  /** Properties the server sends only in some cases. */
  optional?: readonly string[];
  /** Allow properties not listed (free-form or open-ended objects); our own objects stay closed. */
  open?: boolean;
}

/**
 * A closed object whose listed properties are all required unless named in `optional`:
 * a field the server starts sending must be documented before the tests pass again.
 */
export function obj(properties: Record<string, JsonSchema>, options: ObjectOptions = {}): JsonSchema {
  const optional = new Set(options.optional ?? []);
  const required = Object.keys(properties).filter((name) => !optional.has(name));
  return {
    type: 'object',
    properties,
    ...(required.length > 0 ? { required } : {}),
    additionalProperties: options.open === true,
  };
}
