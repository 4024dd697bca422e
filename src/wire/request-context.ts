import { FastifyRequest } from 'fastify';
import { ApiError } from '../shared/api-error';
import { RealmRef } from '../shared/realm-ref';
import { UploadedFile } from '../shared/uploaded-file';
import { Actor } from '../shared/actor';
import { checkParameterCount } from './input-limits';

/** Where a request's parameters came from, before any decoding. */
export type RawValue = string | number | boolean | null | object;

/** The session a request signed in with: its CSRF token goes into the web app's page. */
export interface RequestSession {
  id: number;
  csrfToken: string;
  /** The cookie's secret (log-out ends the session it names). */
  secret: string;
}

/** Per-request state the wire layer keeps: never seen by domain code. */
export class RequestContext {
  /** Parameter names an endpoint read; the rest are `ignored_parameters_unsupported`. */
  readonly usedParams = new Set<string>();
  realm: RealmRef | null = null;
  user: Actor | null = null;
  session: RequestSession | null = null;
  clientName = 'Unspecified';

  constructor(
    readonly requestId: string,
    /** Query string then body (the body wins), one value per name. */
    readonly params: Map<string, RawValue>,
    readonly files: UploadedFile[],
  ) {}

  requireUser(): Actor {
    if (!this.user) throw ApiError.unauthorized('Not logged in: API authentication or user session required');
    return this.user;
  }

  requireRealm(): RealmRef {
    if (!this.realm) throw new ApiError('Internal server error', 'INTERNAL_SERVER_ERROR', 500);
    return this.realm;
  }
}

const CONTEXT = Symbol('chatRequestContext');

type WithContext = FastifyRequest & { [CONTEXT]?: RequestContext };

export function contextOf(request: FastifyRequest): RequestContext {
  const holder = request as WithContext;
  let context = holder[CONTEXT];
  if (!context) {
    context = new RequestContext(String(request.id), collectParams(request), collectFiles(request));
    holder[CONTEXT] = context;
  }
  return context;
}

/** The request's context if the wire layer made one (after-the-fact readers: logs, metrics). */
export function peekContext(request: FastifyRequest): RequestContext | undefined {
  return (request as WithContext)[CONTEXT];
}

interface MultipartField {
  type: 'field' | 'file';
  fieldname: string;
  value?: unknown;
  filename?: string;
  mimetype?: string;
  _buf?: Buffer;
}

function isMultipartPart(value: unknown): value is MultipartField {
  return typeof value === 'object' && value !== null && 'fieldname' in value && 'type' in value;
}

/**
 * A repeated query-string name or multipart field arrives as an array: the last one counts,
 * as in Django's QueryDict. A JSON body's arrays are values in their own right.
 */
function lastOf(value: unknown, repeatedFields: boolean): unknown {
  if (!Array.isArray(value)) return value;
  if (repeatedFields || (value.length > 0 && value.every(isMultipartPart))) return value[value.length - 1];
  return value;
}

function collectParams(request: FastifyRequest): Map<string, RawValue> {
  const params = new Map<string, RawValue>();
  const add = (source: unknown, repeatedFields: boolean) => {
    if (typeof source !== 'object' || source === null || Array.isArray(source)) return;
    for (const [name, raw] of Object.entries(source as Record<string, unknown>)) {
      const value = lastOf(raw, repeatedFields);
      if (isMultipartPart(value)) {
        if (value.type === 'field') params.set(name, String(value.value ?? ''));
        continue;
      }
      if (value === undefined) continue;
      params.set(name, value as RawValue);
    }
  };
  add(request.query, true);
  add(request.body, false);
  checkParameterCount(params.size);
  return params;
}

function collectFiles(request: FastifyRequest): UploadedFile[] {
  const body = request.body;
  if (typeof body !== 'object' || body === null) return [];
  const files: UploadedFile[] = [];
  for (const raw of Object.values(body as Record<string, unknown>)) {
    for (const part of Array.isArray(raw) ? raw : [raw]) {
      if (isMultipartPart(part) && part.type === 'file' && part._buf) {
        files.push({
          fieldName: part.fieldname,
          filename: part.filename ?? '',
          mimetype: part.mimetype ?? 'application/octet-stream',
          data: part._buf,
        });
      }
    }
  }
  return files;
}
