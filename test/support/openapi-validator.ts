import * as http from 'node:http';
import Ajv2020, { ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Checks every answer the API tests receive against the server's own OpenAPI document
 * (`/api/v1/openapi.json`), so that the document cannot drift from the code: the request
 * path is matched to a templated path as Fastify routes it, and the body is validated
 * against the schema documented for its status (`default`: the error envelope).
 */

interface MediaType {
  schema?: unknown;
}

interface ResponseObject {
  $ref?: string;
  content?: Record<string, MediaType>;
}

interface Operation {
  responses: Record<string, ResponseObject>;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, ResponseObject> };
}

interface Template {
  path: string;
  pattern: RegExp;
  /** Per segment: 0 static, 1 parameter, 2 wildcard; Fastify prefers the lowest at the first difference. */
  rank: number[];
}

class DocumentValidator {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly templates: Template[];
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(private readonly document: OpenApiDocument) {
    addFormats(this.ajv);
    this.ajv.addSchema(document as object, 'openapi');
    this.templates = Object.keys(document.paths).map(compileTemplate);
  }

  /** Why the answer does not match the document, or null when it does. */
  check(method: string, pathname: string, status: number, contentType: string, body: unknown): string | null {
    const verb = method.toLowerCase() === 'head' ? 'get' : method.toLowerCase();
    const template = this.route(verb, pathname);
    const where = `${method} ${pathname} -> ${status}`;
    if (template === null) {
      // Unknown paths and methods are answered in the error envelope (404 or 405).
      if (status < 400) return `${where}: no operation in the OpenAPI document matches this request`;
      return this.validate('openapi#/components/schemas/ErrorEnvelope', body, where, contentType);
    }
    const operation = this.document.paths[template.path][verb];
    const documented = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`];
    if (documented === undefined && status < 400) return `${where}: status ${status} is not documented for ${verb.toUpperCase()} ${template.path}`;
    const response = this.resolve(documented ?? operation.responses.default);
    const mediaTypes = Object.keys(response.content ?? {});
    const mediaType = mediaTypes.find((type) => mediaTypeMatches(type, contentType));
    if (mediaType === undefined) return `${where}: content type ${contentType || '(none)'} is not one of ${mediaTypes.join(', ')}`;
    if (method.toUpperCase() === 'HEAD' || !isJson(contentType)) return null;
    const pointer = documented === undefined
      ? 'openapi#/components/schemas/ErrorEnvelope'
      : documented.$ref !== undefined
        ? `openapi#/components/responses/${documented.$ref.split('/').pop() as string}/content/${escape(mediaType)}/schema`
        : `openapi#/paths/${escape(template.path)}/${verb}/responses/${statusKey(operation, status)}/content/${escape(mediaType)}/schema`;
    if (response.content?.[mediaType]?.schema === undefined) return null;
    return this.validate(pointer, body, where, contentType);
  }

  private resolve(response: ResponseObject): ResponseObject {
    if (response.$ref === undefined) return response;
    return this.document.components.responses[response.$ref.split('/').pop() as string];
  }

  private route(verb: string, pathname: string): Template | null {
    const candidates = this.templates.filter((template) => template.pattern.test(pathname) && this.document.paths[template.path][verb] !== undefined);
    candidates.sort((a, b) => compareRanks(a.rank, b.rank));
    return candidates[0] ?? null;
  }

  private validate(pointer: string, body: unknown, where: string, contentType: string): string | null {
    if (!isJson(contentType)) return `${where}: expected JSON, got ${contentType || '(none)'}`;
    let validate = this.validators.get(pointer);
    if (!validate) {
      validate = this.ajv.getSchema(pointer);
      if (!validate) return `${where}: the document has no schema at ${pointer}`;
      this.validators.set(pointer, validate);
    }
    if (validate(body)) return null;
    const errors = (validate.errors ?? []).map((error) => `  ${error.instancePath || '(body)'} ${error.message ?? ''} ${JSON.stringify(error.params)}`);
    return `${where}: the body does not match the OpenAPI document (${pointer}):\n${errors.join('\n')}\nbody: ${JSON.stringify(body).slice(0, 2000)}`;
  }
}

/** The key documenting `status`: itself, or its range (`4XX`). */
function statusKey(operation: Operation, status: number): string {
  return operation.responses[String(status)] !== undefined ? String(status) : `${String(status)[0]}XX`;
}

function compileTemplate(path: string): Template {
  const rank: number[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      if (segment === '{wildcard_path}') {
        rank.push(2);
        // Fastify's wildcard also takes an empty rest (`/user_uploads/`).
        return '.*';
      }
      if (/^\{[^}]+\}$/.test(segment)) {
        rank.push(1);
        return '[^/]+';
      }
      rank.push(0);
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return { path, pattern: new RegExp(`^${source}/?$`), rank };
}

function compareRanks(a: number[], b: number[]): number {
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const difference = (a[index] ?? -1) - (b[index] ?? -1);
    if (difference !== 0) return difference;
  }
  return 0;
}

function escape(token: string): string {
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

function isJson(contentType: string): boolean {
  return /^application\/json\b/i.test(contentType);
}

function mediaTypeMatches(documented: string, actual: string): boolean {
  const type = actual.toLowerCase().split(';')[0].trim();
  if (documented.endsWith('/*')) return documented === '*/*' || type.startsWith(documented.slice(0, -1));
  return type === documented.toLowerCase();
}

const validators = new Map<number, Promise<DocumentValidator>>();

/** The validator of the server on `port`, from the document that server serves. */
function validatorFor(port: number): Promise<DocumentValidator> {
  let validator = validators.get(port);
  if (!validator) {
    validator = fetchDocument(port).then((document) => new DocumentValidator(document));
    validator.catch(() => validators.delete(port));
    validators.set(port, validator);
  }
  return validator;
}

function fetchDocument(port: number): Promise<OpenApiDocument> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/v1/openapi.json', headers: { host: `localhost:${port}` }, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        if (response.statusCode !== 200) return reject(new Error(`GET /api/v1/openapi.json answered ${response.statusCode}: ${text.slice(0, 200)}`));
        try {
          resolve(JSON.parse(text) as OpenApiDocument);
        } catch (error) {
          reject(error as Error);
        }
      });
    });
    request.on('error', reject);
  });
}

export interface ObservedResponse {
  port: number;
  method: string;
  pathname: string;
  status: number;
  contentType: string;
  body: unknown;
}

/** Rejects with the schema errors when the answer does not match the server's OpenAPI document. */
export async function checkAgainstOpenApi(observed: ObservedResponse): Promise<void> {
  const validator = await validatorFor(observed.port);
  const problem = validator.check(observed.method, observed.pathname, observed.status, observed.contentType, observed.body);
  if (problem !== null) throw new Error(problem);
}
