import { arr, JsonSchema, literal, obj, str } from './json-schema';

/** One documented answer of an operation: JSON (with a schema) or another media type. */
export interface ResponseDoc {
  description: string;
  /** Defaults to `application/json`. */
  contentType?: string;
  schema?: JsonSchema;
}

/** What the code cannot say about an operation: its purpose and the shape of its answers. */
export interface OperationDoc {
  summary: string;
  /** Form parameters the handler reads itself (no `@WireParam` class to generate them from). */
  form?: Record<string, JsonSchema>;
  /** By status code; every operation also answers errors in the envelope (`default`). */
  responses: Record<string, ResponseDoc>;
}

/** Operations keyed `METHOD /path/{template}`, e.g. `GET /api/v1/users/{user_id}`. */
export type OperationTable = Record<string, OperationDoc>;

export interface EnvelopeOptions {
  optional?: readonly string[];
  /** Fields beyond the listed ones vary (a realm's state, settings echoed back). */
  open?: boolean;
}

/** Zulip's success envelope around an endpoint's own fields. */
export function successEnvelope(fields: Record<string, JsonSchema> = {}, options: EnvelopeOptions = {}): JsonSchema {
  return obj(
    { result: literal('success'), msg: str, ignored_parameters_unsupported: arr(str), ...fields },
    { optional: ['ignored_parameters_unsupported', ...(options.optional ?? [])], open: options.open },
  );
}

/** An operation answering 200 with the success envelope and `fields`. */
export function success(summary: string, fields: Record<string, JsonSchema> = {}, options: EnvelopeOptions = {}): OperationDoc {
  return { summary, responses: { '200': { description: 'Success.', schema: successEnvelope(fields, options) } } };
}

/** An operation answering with something other than a JSON envelope (files, pages, redirects). */
export function rawOperation(summary: string, responses: Record<string, ResponseDoc>): OperationDoc {
  return { summary, responses };
}

/** A redirect to the resource's current address. */
export const redirectResponse: ResponseDoc = { description: 'Redirect to the resource (Location header).', contentType: '*/*' };
