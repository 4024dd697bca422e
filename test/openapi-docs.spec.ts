import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { OPERATION_GUIDES } from '../src/openapi/domain/guide';
import { OPERATION_EXAMPLES } from '../src/openapi/domain/guide/examples';
import { Api, createTestRealm } from './support/api';
import { screenshotBothWidths, TestBrowser } from './support/browser';

/**
 * The reference a newcomer reads (issue 36 item 6), checked on the document the server
 * serves: every operation has a topic from the fixed list and a description, every
 * parameter is described, the most used operations have examples, and every example
 * matches the schemas beside it. The browsing page is looked at in chromium when there is one.
 */

interface Schema {
  [keyword: string]: unknown;
}

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema?: Schema;
  content?: Record<string, { schema: Schema; example?: unknown }>;
  example?: unknown;
}

interface Media {
  schema?: Schema & { properties?: Record<string, Schema & { description?: string }>; required?: string[] };
  example?: unknown;
}

interface Operation {
  summary: string;
  description?: string;
  tags: string[];
  parameters?: Parameter[];
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
}

interface Document {
  openapi: string;
  jsonSchemaDialect: string;
  tags: Array<{ name: string; description: string }>;
  paths: Record<string, Record<string, Operation>>;
}

/** The topics, in order: Zulip's grouping of its API (its OpenAPI tags), then our pages and service routes. */
const TOPICS = [
  'Messages',
  'Drafts and snippets',
  'Scheduled messages',
  'Channels',
  'Users',
  'Real-time events',
  'Server and organization',
  'Invitations',
  'Authentication',
  'Mobile devices',
  'Pages and files',
  'Service',
];

/** The most used operations (issue 36): each has a request and a response example. */
const EXAMPLED = [
  'POST /api/v1/messages',
  'GET /api/v1/messages',
  'GET /api/v1/messages/{message_id}',
  'PATCH /api/v1/messages/{message_id}',
  'DELETE /api/v1/messages/{message_id}',
  'POST /api/v1/messages/{message_id}/reactions',
  'DELETE /api/v1/messages/{message_id}/reactions',
  'POST /api/v1/messages/flags',
  'POST /api/v1/messages/flags/narrow',
  'POST /api/v1/messages/render',
  'POST /api/v1/mark_topic_as_read',
  'POST /api/v1/typing',
  'POST /api/v1/user_uploads',
  'POST /api/v1/drafts',
  'POST /api/v1/scheduled_messages',
  'POST /api/v1/register',
  'GET /api/v1/events',
  'DELETE /api/v1/events',
  'GET /api/v1/users/me/subscriptions',
  'POST /api/v1/users/me/subscriptions',
  'DELETE /api/v1/users/me/subscriptions',
  'POST /api/v1/users/me/subscriptions/properties',
  'GET /api/v1/streams',
  'GET /api/v1/streams/{stream_id}',
  'PATCH /api/v1/streams/{stream_id}',
  'GET /api/v1/get_stream_id',
  'GET /api/v1/users/me/{stream_id}/topics',
  'POST /api/v1/user_topics',
  'GET /api/v1/users',
  'GET /api/v1/users/{user_id}',
  'GET /api/v1/users/me',
  'POST /api/v1/users/me/presence',
  'POST /api/v1/users/me/status',
  'GET /api/v1/user_groups',
  'POST /api/v1/fetch_api_key',
  'GET /api/v1/server_settings',
];

const FORM = 'application/x-www-form-urlencoded';
const MULTIPART = 'multipart/form-data';

function operations(document: Document): Array<[string, Operation]> {
  return Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.entries(methods).map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${route}`, operation]),
  );
}

/** A description says something beyond how the value travels (the notes the code adds itself). */
function saysSomething(description: string | undefined): boolean {
  const rest = (description ?? '').replace(/JSON-encoded\./g, '').replace(/Also accepted as [^.]*\./g, '').trim();
  return rest.length >= 8;
}

function escapePointer(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

describe('API reference', () => {
  let document: Document;
  let api: Api;
  let ajv: Ajv2020;

  beforeAll(async () => {
    api = (await createTestRealm('apidocs')).api;
    const answer = await api.get('/api/v1/openapi.json');
    expect(answer.status).toBe(200);
    document = answer.body as unknown as Document;
    // The document's own schemas, compiled the way every API test compiles them (test/support/openapi-validator.ts).
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema(document as object, 'openapi');
  });

  function check(pointer: string, value: unknown): string | null {
    const validate = ajv.getSchema(pointer);
    if (!validate) return `no schema at ${pointer}`;
    return validate(value) ? null : `${pointer}: ${ajv.errorsText(validate.errors)}`;
  }

  it('groups the operations under the fixed topics, in order, each described and used', () => {
    expect(document.tags.map((tag) => tag.name)).toEqual(TOPICS);
    for (const tag of document.tags) expect(tag.description.length).toBeGreaterThan(20);
    const names = new Set(TOPICS);
    const untagged = operations(document).filter(([, operation]) => operation.tags.length !== 1 || !names.has(operation.tags[0])).map(([key]) => key);
    expect(untagged).toEqual([]);
    const used = new Set(operations(document).map(([, operation]) => operation.tags[0]));
    expect(TOPICS.filter((name) => !used.has(name))).toEqual([]);
    // Grouped by topic, not by path: the message operations live under several paths, and
    // the page lists them in document order, sending and fetching first.
    const messageTag = operations(document).filter(([, operation]) => operation.tags[0] === 'Messages').map(([key]) => key);
    expect(messageTag).toEqual(expect.arrayContaining(['POST /api/v1/typing', 'POST /api/v1/mark_all_as_read', 'POST /api/v1/user_uploads']));
    expect(messageTag.slice(0, 2)).toEqual(['POST /api/v1/messages', 'GET /api/v1/messages']);
    const eventsTag = operations(document).filter(([, operation]) => operation.tags[0] === 'Real-time events').map(([key]) => key);
    expect(eventsTag.sort()).toEqual(['DELETE /api/v1/events', 'GET /api/v1/events', 'POST /api/v1/register']);
  });

  it('gives every operation a paragraph of description, and has no guide for an operation that does not exist', () => {
    const short = operations(document).filter(([, operation]) => (operation.description ?? '').length < 40 || operation.description === operation.summary).map(([key]) => key);
    expect(short).toEqual([]);
    const served = new Set(operations(document).map(([key]) => key));
    expect(Object.keys(OPERATION_GUIDES).filter((key) => !served.has(key))).toEqual([]);
  });

  it('describes every parameter: path, query and form fields', () => {
    const undescribed: string[] = [];
    let described = 0;
    for (const [key, operation] of operations(document)) {
      for (const parameter of operation.parameters ?? []) {
        if (saysSomething(parameter.description)) described += 1;
        else undescribed.push(`${key} ${parameter.in} ${parameter.name}: ${JSON.stringify(parameter.description)}`);
      }
      for (const mediaType of [FORM, MULTIPART]) {
        const properties = operation.requestBody?.content[mediaType]?.schema?.properties ?? {};
        for (const [name, schema] of Object.entries(properties)) {
          if (saysSomething(schema.description)) described += mediaType === FORM ? 1 : 0;
          else undescribed.push(`${key} ${mediaType} ${name}: ${JSON.stringify(schema.description)}`);
        }
      }
    }
    expect(undescribed).toEqual([]);
    expect(described).toBeGreaterThan(600);
  });

  it('has a request and a response example for each of the most used operations', () => {
    expect(EXAMPLED.length).toBeGreaterThanOrEqual(30);
    const missing: string[] = [];
    for (const key of EXAMPLED) {
      const [method, route] = key.split(' ');
      const operation = document.paths[route]?.[method.toLowerCase()];
      if (!operation) {
        missing.push(`${key}: no such operation`);
        continue;
      }
      if (operation.responses['200']?.content?.['application/json']?.example === undefined) missing.push(`${key}: no response example`);
      const example = OPERATION_EXAMPLES[key];
      if (!example) {
        missing.push(`${key}: no request example`);
        continue;
      }
      // Every required parameter is in the request example, and the example reaches the document.
      for (const parameter of operation.parameters ?? []) {
        if (parameter.required && !(parameter.name in example.request)) missing.push(`${key}: the example lacks ${parameter.name}`);
      }
      const form = operation.requestBody?.content[FORM];
      for (const name of form?.schema?.required ?? []) {
        if (!(name in example.request)) missing.push(`${key}: the example lacks ${name}`);
      }
      const shown = [
        ...(operation.parameters ?? []).filter((parameter) => parameter.example !== undefined || parameter.content?.['application/json']?.example !== undefined).map((parameter) => parameter.name),
        ...Object.keys((form?.example ?? {}) as Record<string, unknown>),
      ];
      expect(shown.sort()).toEqual(Object.keys(example.request).sort());
    }
    expect(missing).toEqual([]);
  });

  it('has examples only for operations that exist, each answer matching its response schema', () => {
    const served = new Set(operations(document).map(([key]) => key));
    expect(Object.keys(OPERATION_EXAMPLES).filter((key) => !served.has(key))).toEqual([]);
    const problems: string[] = [];
    let checked = 0;
    for (const [route, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const media = operation.responses['200']?.content?.['application/json'];
        if (media?.example === undefined) continue;
        checked += 1;
        const problem = check(`openapi#/paths/${escapePointer(route)}/${method}/responses/200/content/application~1json/schema`, media.example);
        if (problem !== null) problems.push(problem);
      }
    }
    expect(problems).toEqual([]);
    expect(checked).toBe(Object.keys(OPERATION_EXAMPLES).length);
  });

  it('has request examples whose every value matches its parameter\'s schema', () => {
    const problems: string[] = [];
    for (const [key, example] of Object.entries(OPERATION_EXAMPLES)) {
      const [method, route] = key.split(' ');
      const verb = method.toLowerCase();
      const operation = document.paths[route][verb];
      const base = `openapi#/paths/${escapePointer(route)}/${verb}`;
      const parameters = operation.parameters ?? [];
      const bodyNames = Object.keys(operation.requestBody?.content[FORM]?.schema?.properties ?? {});
      for (const [name, value] of Object.entries(example.request)) {
        const index = parameters.findIndex((parameter) => parameter.name === name);
        if (index >= 0) {
          const parameter = parameters[index];
          const pointer = parameter.content ? `${base}/parameters/${index}/content/application~1json/schema` : `${base}/parameters/${index}/schema`;
          const problem = check(pointer, value);
          if (problem !== null) problems.push(`${key} ${name}: ${problem}`);
        } else if (!bodyNames.includes(name)) {
          problems.push(`${key}: ${name} is not a parameter of the operation`);
        } else if (JSON.stringify(operation.requestBody?.content[FORM].schema?.properties?.[name].examples) !== JSON.stringify([value])) {
          // The browsing page fills its form from each field's own example.
          problems.push(`${key}: the field ${name} does not show the example`);
        }
      }
      if (operation.requestBody) {
        const body = operation.requestBody.content[FORM].example;
        for (const mediaType of [FORM, MULTIPART]) {
          const problem = check(`${base}/requestBody/content/${escapePointer(mediaType)}/schema`, body);
          if (problem !== null) problems.push(`${key} (${mediaType}): ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('names the JSON Schema dialect that the served Swagger UI takes without a warning, and its schemas still compile as 2020-12', async () => {
    const bundle = String((await api.get('/api/v1/docs/swagger-ui-bundle.js')).body.raw);
    // Swagger UI shows a warning box when the document's jsonSchemaDialect differs from this default.
    const supported = /selectJsonSchemaDialectDefault=\(\)=>"([^"]+)"/.exec(bundle);
    expect(supported).not.toBeNull();
    expect(document.jsonSchemaDialect).toBe((supported as RegExpExecArray)[1]);
    expect(document.jsonSchemaDialect).toBe('https://spec.openapis.org/oas/3.1/dialect/base');
    // The base dialect is 2020-12: a 2020-12 keyword is honoured by the validators.
    const refusesAnything = ajv.compile({ prefixItems: [{ type: 'integer' }], items: false });
    expect(refusesAnything([1])).toBe(true);
    expect(refusesAnything([1, 2])).toBe(false);
  });

  const inBrowser = TestBrowser.available() ? it : it.skip;

  inBrowser('shows the reference in chromium grouped by topic, without the dialect warning', async () => {
    const browser = await TestBrowser.launch();
    try {
      const page = await browser.open(`http://${api.host}/api/v1/docs`);
      await page.waitForSelector('.opblock-tag-section', { timeout: 30_000 });
      await page.waitForSelector('.info .title', { timeout: 30_000 });
      // Evaluated as a string: the tests' types know no DOM.
      const sections = (await page.evaluate("[...document.querySelectorAll('.opblock-tag-section h3 .nostyle span')].map((span) => span.textContent)")) as string[];
      expect(sections).toEqual(TOPICS);
      expect(await page.$$('.info .error-wrapper')).toHaveLength(0);
      expect(await page.textContent('body')).not.toContain('jsonSchemaDialect');
      expect(await page.textContent('.info')).toContain('https://spec.openapis.org/oas/3.1/dialect/base');
      await screenshotBothWidths(page, 'api-reference');
    } finally {
      await browser.close();
    }
  }, 120_000);
});
