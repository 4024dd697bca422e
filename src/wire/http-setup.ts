import { PreserializedJson } from '../shared/preserialized-json';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import multipart from '@fastify/multipart';
import { IncomingMessage, STATUS_CODES } from 'node:http';
import { Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { messagePage } from '../platform/web/page-layout';
import { PAGE_TEXTS } from '../platform/web/page-texts';
import { ApiError } from '../shared/api-error';
import { dialectOfClient, inZulipSpelling } from '../shared/wire-dialect';
import { clientNameFrom } from './client-name';
import { fileTooLarge } from '../shared/uploaded-file';
import { cameThroughJson } from './json-routes';
import { peekContext } from './request-context';
import { checkJsonShape, isMalformedPath, MAX_FORM_BODY_BYTES, MAX_PARAMETERS } from './input-limits';
import { sendPage } from './pages/page-response';
import { isPageUrl } from './pages/page-urls';
import { serviceUnavailable } from './service-unavailable';
import { keepWebhookBody } from './webhook-body';

/** JSON text must be UTF-8 (RFC 8259): invalid bytes make it malformed rather than replaced. */
const STRICT_UTF8 = new TextDecoder('utf-8', { fatal: true });

/** A request body may carry one upload of `max_file_upload_size_mib` and some form fields. */
export function maxBodyBytes(maxUploadMib: number): number {
  return (maxUploadMib + 1) * 1024 * 1024;
}

/** Zulip's answer to a file over the server's `MAX_FILE_UPLOAD_SIZE`. */
interface KnownRoute {
  method: string;
  /** As registered: `/api/v1/messages/:message_id`. */
  url: string;
  pattern: RegExp;
}

/** Servers closing (SIGTERM): requests arriving on open connections get a 503 (but see serveWhileClosing). */
const closingServers = new WeakSet<FastifyInstance>();

/**
 * Routes (as registered) that a closing server still serves rather than refusing with the
 * closing 503 (see serveWhileClosing).
 */
const servedWhileClosing = new Set<string>();

/** The latest request that arrived on each connection (see closesConnection). */
const latestArrivals = new WeakMap<Socket, IncomingMessage>();

/** Whether the server began closing. */
export function isClosing(fastify: FastifyInstance): boolean {
  return closingServers.has(fastify);
}

/**
 * Begins closing the server (SIGTERM), before anything else shuts down: it stops
 * accepting connections and closes those idle between requests (Node's `close` does both),
 * and from now on answers close their connections (closesConnection). Fastify's own close
 * comes later and waits for the requests in flight.
 */
export function beginClosing(fastify: FastifyInstance): void {
  if (closingServers.has(fastify)) return;
  closingServers.add(fastify);
  if (fastify.server.listening) fastify.server.close();
}

/**
 * Lets requests for the route registered as `url` through while the server closes: for a
 * route that answers at once then, and needs nothing that shuts down before the HTTP server
 * has closed (the database and Redis close only after it). The long-poll is one: a poll that
 * arrived while its process closed was refused 503 SERVICE_UNAVAILABLE with nothing logged,
 * by a process whose storage answered (issue 41, item 4); it now gets its queue's events, or
 * none, as a poll parked at SIGTERM does, and its connection closes.
 */
export function serveWhileClosing(url: string): void {
  servedWhileClosing.add(url);
}

/** Remembers `request` as its connection's latest: a listener of every request (HttpDrain installs it). */
export function noteArrival(request: IncomingMessage): void {
  latestArrivals.set(request.socket, request);
}

/**
 * Whether the answer to `request` must close its connection (`Connection: close`): the
 * server is closing, and no request came after it on its connection (a pipelined one,
 * whose own answer then closes it). A client told so sends its next request on a new
 * connection, refused or taken by another process; without it, its next request (a
 * long-poll client's comes at once) met a connection the server was closing, and was
 * reset.
 */
export function closesConnection(fastify: FastifyInstance, request: IncomingMessage): boolean {
  if (!closingServers.has(fastify)) return false;
  const latest = latestArrivals.get(request.socket);
  return latest === undefined || latest === request;
}

/** Every route the server registered, for telling 405 from 404. */
const routes: KnownRoute[] = [];

/** Methods some route accepts at this path (none: the path is unknown). */
export function methodsAllowedFor(url: string): string[] {
  const path = url.split('?')[0];
  return [...new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method))]
    .filter((method) => method !== 'HEAD' && method !== 'OPTIONS');
}

/** Every route registered so far, as method and URL pattern (the OpenAPI coverage test lists them). */
export function registeredRoutes(): Array<{ method: string; url: string }> {
  return routes.map(({ method, url }) => ({ method, url }));
}

/**
 * Whether an answer goes to one of Zulip's own clients, which read Zulip's spelling of the
 * API's values (shared/wire-dialect.ts). The web app (`/json`) reads the spec's.
 */
function speaksZulipDialect(request: FastifyRequest): boolean {
  if (cameThroughJson(request)) return false;
  const clientName = peekContext(request)?.clientName ?? clientNameFrom(undefined, request.headers['user-agent']);
  return dialectOfClient(clientName) === 'zulip';
}

/**
 * An answer's JSON text: JSON.stringify's, with a top-level field that is already JSON
 * text (PreserializedJson, a cache's) written in place instead of parsed and written again.
 */
export function serializeAnswer(payload: unknown): string {
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) return JSON.stringify(payload);
  if (!holdsPreserialized(payload)) return JSON.stringify(payload);
  const parts: string[] = [];
  for (const [name, value] of Object.entries(payload)) {
    const text = value instanceof PreserializedJson ? value.text : (JSON.stringify(value) as string | undefined);
    // As JSON.stringify leaves out a field whose value has no JSON form (undefined, a function).
    if (text !== undefined) parts.push(`${JSON.stringify(name)}:${text}`);
  }
  return `{${parts.join(',')}}`;
}

/** Whether a top-level field is JSON text; every answer is asked, so no array is made for it. */
function holdsPreserialized(payload: object): boolean {
  for (const name in payload) {
    if (Object.hasOwn(payload, name) && (payload as Record<string, unknown>)[name] instanceof PreserializedJson) return true;
  }
  return false;
}

/**
 * Body parsing that real clients need: form and multipart bodies on every method, JSON
 * bodies that may be empty (clients send `Content-Type: application/json` on bodiless
 * DELETEs), and any other content type ignored rather than refused. Records the routes
 * so that the error filter can answer 405 where a path exists under another method.
 */
export async function configureHttp(app: NestFastifyApplication, maxUploadMib = 25): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method: String(method).toUpperCase(), url: route.url, pattern: routePattern(route.url) });
  });

  fastify.setReplySerializer(serializeAnswer);

  // Nest answers POST with 201 by default; Zulip's API answers every success with 200.
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 201) void reply.code(200);
    if (closesConnection(fastify, request.raw)) void reply.header('connection', 'close');
    return typeof payload === 'string' && speaksZulipDialect(request) ? inZulipSpelling(payload) : payload;
  });

  fastify.removeAllContentTypeParsers();
  // Bodies are read as bytes and decoded here: Fastify's own decoding counts a replaced
  // invalid byte as three and then reports a Content-Length mismatch.
  fastify.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: MAX_FORM_BODY_BYTES }, (request, body, done) => {
    keepWebhookBody(request, body as Buffer);
    let parsed: unknown;
    try {
      const text = STRICT_UTF8.decode(body as Buffer);
      if (text.trim() === '') return done(null, undefined);
      parsed = JSON.parse(text);
    } catch {
      return done(new ApiError('Malformed JSON', 'INVALID_JSON', 400), undefined);
    }
    try {
      checkJsonShape(null, parsed);
    } catch (error) {
      return done(error as ApiError, undefined);
    }
    done(null, parsed);
  });
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'buffer', bodyLimit: MAX_FORM_BODY_BYTES }, (request, body, done) => {
    keepWebhookBody(request, body as Buffer);
    const fields: Record<string, string> = {};
    let count = 0;
    // Invalid bytes read as U+FFFD, as percent-encoded ones do (and as Django decodes them).
    for (const [name, value] of new URLSearchParams((body as Buffer).toString('utf8'))) {
      // Stop reading at once: the request's context refuses the count with its message.
      if (++count > MAX_PARAMETERS + 1) break;
      fields[name] = value;
    }
    done(null, fields);
  });
  await app.register(multipart as never, {
    // One byte over the limit is kept so that handlers can tell "at the limit" from "over it".
    limits: { fileSize: maxUploadMib * 1024 * 1024 + 1, fieldSize: MAX_FORM_BODY_BYTES, fields: MAX_PARAMETERS, files: 20 },
  });
  // The multipart plugin's `attachFieldsToBody`, with a broken body answered as a client
  // error rather than a 500: fields (and buffered files) become the body.
  fastify.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    try {
      for await (const part of request.parts()) {
        request.body = part.fields;
        if (part.type === 'file') await part.toBuffer();
      }
    } catch (error) {
      const { code, statusCode, message } = error as { code?: string; statusCode?: number; message?: string };
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge(maxUploadMib);
      if (typeof code === 'string' && code.startsWith('FST_') && statusCode !== undefined && statusCode < 500) {
        throw new ApiError(message ?? 'Bad request', 'BAD_REQUEST', statusCode);
      }
      throw new ApiError('Malformed multipart/form-data body', 'BAD_REQUEST', 400);
    }
  });
  fastify.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_FORM_BODY_BYTES }, (request, body, done) => {
    keepWebhookBody(request, body as Buffer);
    done(null, undefined);
  });

  // While the server closes (SIGTERM), a request arriving on a connection still open gets
  // a 503 in the error envelope (Fastify's own 503 body is not one; see app.factory.ts) and
  // retries elsewhere or after the restart, unless its route is served while closing
  // (serveWhileClosing). Requests already in flight run to the end.
  fastify.addHook('preClose', (done) => {
    closingServers.add(fastify);
    done();
  });
  // A NUL or bytes that are not UTF-8 in the path: a client error wherever the path leads,
  // answered before any route reads its parameters.
  fastify.addHook('onRequest', async (request, reply) => {
    if (!isMalformedPath(request.raw.url ?? request.url)) return;
    answerMalformedUrl(request.url, reply);
    return reply;
  });
  fastify.addHook('onRequest', async (request, reply) => {
    if (!closingServers.has(fastify) || servedWhileClosing.has(request.routeOptions.url ?? '')) return;
    const { status, msg, code, headers } = serviceUnavailable();
    void reply.status(status).headers({ ...headers, connection: 'close' }).send({ result: 'error', msg, code });
    return reply;
  });

  // Requests too malformed to reach a route (broken framing, oversized headers) still get
  // the error envelope rather than Fastify's own body.
  fastify.server.removeAllListeners('clientError');
  fastify.server.on('clientError', answerClientError);
}

/**
 * Fastify's answer to a URL its router cannot take (an invalid percent-escape, a path
 * parameter over `maxParamLength`): the error envelope, or on a page's path a page.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  if (error.code !== 'FST_ERR_MAX_PARAM_LENGTH') return answerMalformedUrl(request.url, reply);
  sendUrlError(reply, 414, 'URL path parameter too long');
}

/**
 * 400 for a URL that cannot be read: a page on a page's path (a person followed a broken
 * link), the error envelope everywhere else.
 */
function answerMalformedUrl(url: string, reply: FastifyReply): void {
  if (!isPageUrl(url)) return sendUrlError(reply, 400, 'Malformed URL');
  void sendPage(reply, 400, messagePage(PAGE_TEXTS.malformedUrlTitle, PAGE_TEXTS.malformedUrlBody));
}

function sendUrlError(reply: FastifyReply, status: number, msg: string): void {
  void reply
    .code(status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(JSON.stringify({ result: 'error', msg, code: 'BAD_REQUEST' }));
}

function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, msg] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request timeout']
      : error.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request headers too large']
        : [400, 'Malformed HTTP request'];
  const body = JSON.stringify({ result: 'error', msg, code: 'BAD_REQUEST' });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function routePattern(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  // Exactly the routed path: `/users/` is not `/users`, as in Zulip's URL table.
  return new RegExp(`^${escaped}$`);
}
