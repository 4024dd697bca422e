import { JsonSchema, ref } from './json-schema';
import { OperationExample, OperationExamples } from './guide/example';
import { ParameterDescriptions } from './guide/parameter-descriptions';
import { OperationGuide, OperationGuides, tagName, TAGS } from './guide/tags';
import { OperationDoc, OperationTable, ResponseDoc } from './operation-doc';
import { DeclaredRoute, ParamKind, pathParameterNames, RouteParam, WILDCARD_PARAMETER } from './route-shape';

/** An OpenAPI 3.1 document as plain JSON. */
export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, OpenApiOperation>> };

export interface OpenApiOperation {
  operationId: string;
  summary: string;
  description: string;
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
  guides: OperationGuides;
  parameters: ParameterDescriptions;
  examples: OperationExamples;
}

/**
 * OpenAPI 3.1's own default dialect: JSON Schema 2020-12 with the OpenAPI vocabulary. Swagger
 * UI supports only this value and shows a warning box for any other (such as plain 2020-12's
 * URI), so the document names it rather than the JSON Schema meta-schema.
 */
export const OPENAPI_BASE_DIALECT = 'https://spec.openapis.org/oas/3.1/dialect/base';

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
  // The browsing page lists a topic's operations in document order: the guides' order, most used first.
  const guideOrder = new Map(Object.keys(input.guides).map((key, index) => [key, index]));
  const rank = (route: DeclaredRoute): number => guideOrder.get(operationKey(route.method, route.path)) ?? guideOrder.size;
  const sorted = [...input.routes].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const key = operationKey(route.method, route.path);
    const context: OperationContext = {
      doc: input.operations[key],
      guide: input.guides[key],
      example: input.examples[key],
      describe: (name, fallback) => input.parameters.overrides[key]?.[name] ?? input.parameters.glossary[name] ?? fallback,
      describeOwn: (name, own) => input.parameters.overrides[key]?.[name] ?? own ?? input.parameters.glossary[name],
    };
    (paths[route.path] ??= {})[route.method] = operationOf(route, context);
  }
  return {
    openapi: '3.1.0',
    jsonSchemaDialect: OPENAPI_BASE_DIALECT,
    info: {
      title: 'Team chat server API',
      version: input.version,
      description:
        `A Zulip-compatible REST API (feature level ${input.featureLevel}). Parameters travel as Zulip clients ` +
        'send them: in the query string for GET, form-encoded in the body otherwise; integers, booleans, lists ' +
        'and objects as JSON text. Every answer is JSON with `result` and `msg`; errors add `code`.\n\n' +
        'To start: get an API key for an email address and password (`POST /api/v1/fetch_api_key`, under ' +
        'Authentication) and send it as HTTP Basic credentials with every request; fetch the state you need and ' +
        'open an event queue in one step (`POST /api/v1/register`), then long-poll `GET /api/v1/events` to stay ' +
        'up to date; send with `POST /api/v1/messages`. Operations are grouped by topic below; the most used ' +
        'ones carry a request and an answer example.\n\n' +
        'Every `/api/v1/...` operation is also served at `/json/...` for the web app, signed in by the `sessionid` ' +
        'cookie instead (never an API key), with the session\'s CSRF token in `X-CSRFToken` on every method but GET ' +
        'and HEAD (else 403 `CSRF_FAILED`).',
    },
    servers: [{ url: '/' }],
    tags: TAGS.map((tag) => ({ name: tag.name, description: tag.description })),
    security: [{ basicAuth: [] }],
    paths,
    components: {
      securitySchemes: {
        basicAuth: { type: 'http', scheme: 'basic', description: 'The user\'s email address and API key.' },
        webhookApiKey: { type: 'apiKey', in: 'query', name: 'api_key', description: 'An incoming webhook\'s API key, in its URL.' },
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

/** What the tables say of one operation. */
interface OperationContext {
  doc: OperationDoc | undefined;
  guide: OperationGuide | undefined;
  example: OperationExample | undefined;
  /** A parameter's description: the operation's own, the glossary's, or `fallback`. */
  describe(name: string, fallback: string | undefined): string | undefined;
  /** The same for a field the handler reads from a table: the table's words come before the glossary's. */
  describeOwn(name: string, own: string | undefined): string | undefined;
}

function operationOf(route: DeclaredRoute, context: OperationContext): OpenApiOperation {
  const { doc, guide, example } = context;
  const operation: OpenApiOperation = {
    operationId: operationId(route),
    summary: doc?.summary ?? '',
    description: guide?.description ?? '',
    // An operation without a guide has no topic; the reference's test names it.
    tags: guide ? [tagName(guide.tag)] : [],
    responses: {
      // Credentials, wherever they are taken, are refused alike (a route may document its own 401).
      ...(route.authMode === 'none' ? {} : { 401: { $ref: '#/components/responses/Unauthorized' } }),
      ...responsesOf(doc?.responses ?? {}, example),
      default: { $ref: '#/components/responses/Error' },
    },
  };
  if (route.authMode === 'none') operation.security = [];
  if (route.authMode === 'optional') operation.security = [{}, { basicAuth: [] }];
  // An incoming webhook's key travels in its URL (services cannot send credentials), or as Basic.
  if (route.authMode === 'webhook') operation.security = [{ webhookApiKey: [] }, { basicAuth: [] }];
  const pathSpecs = new Map(route.params.filter((spec) => spec.path).map((spec) => [spec.property, spec]));
  const parameters: unknown[] = pathParameterNames(route.path).map((name) => pathParameter(name, pathSpecs.get(name), context));
  const carried = route.params.filter((spec) => !spec.path);
  if (route.method === 'get') {
    parameters.push(...carried.map((spec) => queryParameter(spec, context)));
  } else if (carried.length > 0 || doc?.form !== undefined) {
    operation.requestBody = formBody(carried, doc?.form ?? {}, context, pathParameterNames(route.path));
  }
  if (parameters.length > 0) operation.parameters = parameters;
  return operation;
}

function operationId(route: DeclaredRoute): string {
  const words = route.path.replace(/[{}]/g, '').split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  return [route.method, ...words].join('-');
}

function responsesOf(responses: Record<string, ResponseDoc>, example: OperationExample | undefined): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  for (const [status, response] of Object.entries(responses)) {
    const contentType = response.contentType ?? 'application/json';
    const media: Record<string, unknown> = response.schema ? { schema: response.schema } : {};
    if (example && status === '200' && contentType === 'application/json') media.example = example.response;
    const content: Record<string, unknown> = { [contentType]: media };
    // A page route's client errors are pages, but a URL the router cannot take (a broken
    // percent-escape) is refused before any route runs, in the envelope like every error.
    if (status.startsWith('4') && !contentType.startsWith('application/json')) content['application/json'] = { schema: ref('ErrorEnvelope') };
    result[status] = { description: response.description, content };
  }
  return result;
}

function kindSchema(kind: ParamKind): JsonSchema {
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

function specSchema(spec: RouteParam): JsonSchema {
  const schema = kindSchema(spec.kind);
  const isJsonValue = spec.default === null || ['string', 'number', 'boolean', 'object'].includes(typeof spec.default);
  return spec.default !== undefined && isJsonValue ? { ...schema, default: spec.default } : schema;
}

/** The parameter's description, then how it travels (JSON-encoded, older names). */
function describeSpec(spec: RouteParam, context: OperationContext): string {
  const notes: string[] = [];
  const described = context.describe(spec.property, undefined);
  if (described !== undefined) notes.push(described);
  if (spec.kind === 'json') notes.push('JSON-encoded.');
  if (spec.aliases && spec.aliases.length > 0) notes.push(`Also accepted as ${spec.aliases.map((alias) => `\`${alias}\``).join(', ')}.`);
  return notes.join(' ');
}

function exampleOf(name: string, context: OperationContext): Record<string, unknown> {
  const request = context.example?.request;
  return request !== undefined && Object.hasOwn(request, name) ? { example: request[name] } : {};
}

function pathParameter(name: string, spec: RouteParam | undefined, context: OperationContext): unknown {
  const wildcard = name === WILDCARD_PARAMETER;
  const described = context.describe(name, wildcard ? 'The rest of the path; may contain slashes.' : undefined);
  return {
    name,
    in: 'path',
    required: true,
    description: described ?? '',
    schema: spec ? specSchema(spec) : { type: 'string' },
    ...exampleOf(name, context),
  };
}

function queryParameter(spec: RouteParam, context: OperationContext): unknown {
  const required = spec.default === undefined && spec.optional !== true;
  const value = specSchema(spec);
  const example = exampleOf(spec.property, context);
  return {
    name: spec.property,
    in: 'query',
    required,
    description: describeSpec(spec, context),
    ...(spec.kind === 'json' ? { content: { 'application/json': { schema: value, ...example } } } : { schema: value, ...example }),
  };
}

function formBody(specs: readonly RouteParam[], handlerRead: Record<string, JsonSchema>, context: OperationContext, pathNames: readonly string[]): unknown {
  const properties: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(handlerRead)) {
    properties[name] = { ...schema, description: context.describeOwn(name, schema.description) ?? '' };
  }
  const encoding: Record<string, unknown> = {};
  const required: string[] = [];
  for (const spec of specs) {
    properties[spec.property] = { ...specSchema(spec), description: describeSpec(spec, context) };
    if (spec.kind === 'json') encoding[spec.property] = { contentType: 'application/json' };
    if (spec.default === undefined && spec.optional !== true) required.push(spec.property);
  }
  for (const [name, schema] of Object.entries(handlerRead)) {
    if (schema.description?.startsWith('JSON-encoded') === true) encoding[name] = { contentType: 'application/json' };
  }
  const request = context.example?.request;
  // Each field carries its example too: the browsing page fills its form from the fields, not the body's example.
  for (const [name, property] of Object.entries(properties)) {
    if (request !== undefined && Object.hasOwn(request, name)) properties[name] = { ...property, examples: [request[name]] };
  }
  const schema: JsonSchema = { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
  const example = request === undefined ? {} : { example: Object.fromEntries(Object.entries(request).filter(([name]) => !pathNames.includes(name))) };
  return {
    required: required.length > 0,
    content: {
      'application/x-www-form-urlencoded': { schema, ...example, ...(Object.keys(encoding).length > 0 ? { encoding } : {}) },
      'multipart/form-data': { schema, ...example },
    },
  };
}
