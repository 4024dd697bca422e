/**
 * A request and its success answer, shown on the operation in the reference. The request
 * holds every parameter by name (path, query and form fields alike) with its decoded value:
 * a JSON-encoded parameter as the JSON value it encodes.
 */
export interface OperationExample {
  request: Record<string, unknown>;
  response: unknown;
}

/** Examples keyed `METHOD /path/{template}`, like the operation table. */
export type OperationExamples = Record<string, OperationExample>;
