import { WireKind, WireParamSpec } from '../../wire/params/wire-param';
import { JsonSchema, ref } from './json-schema';
import { OperationDoc, OperationTable, ResponseDoc } from './operation-doc';
import { DeclaredRoute, pathParameterNames, WILDCARD_PARAMETER } from './route-shape';

/** An OpenAPI 3.1 document as plain JSON. */
export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, OpenApiOperation>> };

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  tags: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: unknown[];
  requestBody?: unknown;
  responses: Record<string, unknown>;
}

export interface DocumentInput {
  version: string;
  featureLevel: number;
  routes: readonly DeclaredRoute[];
  operations: OperationTable;
  components: Record<string, JsonSchema>;
}

export function operationKey(method: string, path: string): string {
  return `${method.toUpperCase()} ${path}`;
}

/**
 * The document: paths and parameters from the routes the code declares, summaries and
 * response schemas from the operation table. A route missing from the table still gets a
 * path (with only the error response), which the coverage test reports.
 */
export function buildDocument(input: DocumentInput): OpenApiDocument {
  const paths: Record<string, Record<string, OpenApiOperation>> = {};
  const sorted = [...input.routes].sort((a, b) => a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const doc = input.operations[operationKey(route.method, route.path)];
    (paths[route.path] ??= {})[route.method] = operationOf(route, doc);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: 'https://json-schema.org/draft/2020-12/schema',
    info: {
      title: 'Team chat server API',
      version: input.version,
      description:
        `A Zulip-compatible REST API (feature level ${input.featureLevel}). Parameters travel as Zulip clients ` +
        'send them: in the query string for GET, form-encoded in the body otherwise; integers, booleans, lists ' +
        'and objects as JSON text. Every answer is JSON with `result` and `msg`; errors add `code`. ' +
        'Every `/api/v1/...` operation is also served at `/json/...` for the web app, signed in by the `sessionid` ' +
        'cookie instead (never an API key), with the session\'s CSRF token in `X-CSRFToken` on every method but GET ' +
        'and HEAD (else 403 `CSRF_FAILED`).',
    },
    servers: [{ url: '/' }],
    security: [{ basicAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: 'The user\'s email address and API key.' },
      },
      schemas: input.components,
      responses: {
        Error: { description: 'An error in the envelope.', content: { 'application/json': { schema: ref('ErrorEnvelope') } } },
        Unauthorized: {
          description:
            'The HTTP Basic credentials were missing or refused: a malformed header, a malformed or unknown API key, ' +
            'a deactivated account or organization, an account of another organization, or an incoming-webhook ' +
            "bot on an endpoint it may not use (Zulip's `authenticated_rest_api_view`). A scheme other than Basic " +
            'is a 400 `BAD_REQUEST`.',
          headers: {
            'WWW-Authenticate': { description: 'The challenge Zulip sends.', schema: { type: 'string', const: 'Basic realm="zulip"' } },
          },
          content: { 'application/json': { schema: ref('CredentialsRefused') } },
        },
      },
    },
  };
}

function operationOf(route: DeclaredRoute, doc: OperationDoc | undefined): OpenApiOperation {
  const operation: OpenApiOperation = {
    operationId: operationId(route),
    summary: doc?.summary ?? '',
    tags: [tagOf(route.path)],
    responses: {
      // Credentials, wherever they are taken, are refused alike (a route may document its own 401).
      ...(route.authMode === 'none' ? {} : { 401: { $ref: '#/components/responses/Unauthorized' } }),
      ...responsesOf(doc?.responses ?? {}),
      default: { $ref: '#/components/responses/Error' },
    },
  };
  if (route.authMode === 'none') operation.security = [];
  if (route.authMode === 'optional') operation.security = [{}, { basicAuth: [] }];
  const pathSpecs = new Map(route.params.filter((spec) => spec.path).map((spec) => [spec.property, spec]));
  const parameters: unknown[] = pathParameterNames(route.path).map((name) => pathParameter(name, pathSpecs.get(name)));
  const carried = route.params.filter((spec) => !spec.path);
  if (route.method === 'get') {
    parameters.push(...carried.map(queryParameter));
  } else if (carried.length > 0 || doc?.form !== undefined) {
    operation.requestBody = formBody(carried, doc?.form ?? {});
  }
  if (parameters.length > 0) operation.parameters = parameters;
  return operation;
}

function operationId(route: DeclaredRoute): string {
  const words = route.path.replace(/[{}]/g, '').split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  return [route.method, ...words].join('-');
}

/** Groups operations by their resource: `/api/v1/users/me/status` is `users`. */
function tagOf(path: string): string {
  const segments = path.split('/').filter((segment) => segment !== '');
  const resource = segments[0] === 'api' ? segments[2] : segments[0];
  return resource === undefined ? 'server' : resource.replace(/\{.*\}/, 'server');
}

function responsesOf(responses: Record<string, ResponseDoc>): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(responses)) {
    const contentType = response.contentType ?? 'application/json';
    const content: Record<string, unknown> = { [contentType]: response.schema ? { schema: response.schema } : {} };
    // A page route's client errors are pages, but a URL the router cannot take (a broken
    // percent-escape) is refused before any route runs, in the envelope like every error.
    if (status.startsWith('4') && !contentType.startsWith('application/json')) content['application/json'] = { schema: ref('ErrorEnvelope') };
    result[status] = { description: response.description, content };
  }
  return result;
}

function kindSchema(kind: WireKind): JsonSchema {
  switch (kind) {
    case 'string':
      return { type: 'string' };
    case 'int':
      return { type: 'integer' };
    case 'bool':
      return { type: 'boolean' };
    case 'json':
      return {};
  }
}

function specSchema(spec: WireParamSpec): JsonSchema {
  const schema = kindSchema(spec.kind);
  const isJsonValue = spec.default === null || ['string', 'number', 'boolean', 'object'].includes(typeof spec.default);
  return spec.default !== undefined && isJsonValue ? { ...schema, default: spec.default } : schema;
}

function describeSpec(spec: WireParamSpec): string | undefined {
  const notes: string[] = [];
  if (spec.kind === 'json') notes.push('JSON-encoded.');
  if (spec.aliases && spec.aliases.length > 0) notes.push(`Also accepted as ${spec.aliases.map((alias) => `\`${alias}\``).join(', ')}.`);
  return notes.length > 0 ? notes.join(' ') : undefined;
}

function pathParameter(name: string, spec: WireParamSpec | undefined): unknown {
  const wildcard = name === WILDCARD_PARAMETER;
  return {
    name,
    in: 'path',
    required: true,
    schema: spec ? specSchema(spec) : { type: 'string' },
    ...(wildcard ? { description: 'The rest of the path; may contain slashes.' } : {}),
  };
}

function queryParameter(spec: WireParamSpec): unknown {
  const description = describeSpec(spec);
  const required = spec.default === undefined && spec.optional !== true;
  const value = specSchema(spec);
  return {
    name: spec.property,
    in: 'query',
    required,
    ...(description ? { description } : {}),
    ...(spec.kind === 'json' ? { content: { 'application/json': { schema: value } } } : { schema: value }),
  };
}

function formBody(specs: readonly WireParamSpec[], handlerRead: Record<string, JsonSchema>): unknown {
  const properties: Record<string, JsonSchema> = { ...handlerRead };
  const encoding: Record<string, unknown> = {};
  const required: string[] = [];
  for (const spec of specs) {
    const description = describeSpec(spec);
    properties[spec.property] = { ...specSchema(spec), ...(description ? { description } : {}) };
    if (spec.kind === 'json') encoding[spec.property] = { contentType: 'application/json' };
    if (spec.default === undefined && spec.optional !== true) required.push(spec.property);
  }
  for (const [name, schema] of Object.entries(handlerRead)) {
    if (schema.description?.startsWith('JSON-encoded') === true) encoding[name] = { contentType: 'application/json' };
  }
  const schema: JsonSchema = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  return {
    required: required.length > 0,
    content: {
      'application/x-www-form-urlencoded': { schema, ...(Object.keys(encoding).length > 0 ? { encoding } : {}) },
      'multipart/form-data': { schema },
    },
  };
}
