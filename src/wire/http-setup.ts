import { NestFastifyApplication } from '@nestjs/platform-fastify';
import multipart from '@fastify/multipart';
import { STATUS_CODES } from 'node:http';
import { Duplex } from 'node:stream';
import { FastifyInstance } from 'fastify';
import { ApiError } from '../shared/api-error';

/** Uploads are bounded by Zulip's default `max_file_upload_size_mib`. */
export const MAX_UPLOAD_BYTES = 25 * 1024 * 1024;
export const MAX_BODY_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;

interface KnownRoute {
  method: string;
  pattern: RegExp;
}

/** Every route the server registered, for telling 405 from 404. */
const routes: KnownRoute[] = [];

/** Methods some route accepts at this path (none: the path is unknown). */
export function methodsAllowedFor(url: string): string[] {
  const path = url.split('?')[0];
  return [...new Set(routes.filter((route) => route.pattern.test(path)).map((route) => route.method))]
    .filter((method) => method !== 'HEAD' && method !== 'OPTIONS');
}

/**
 * Body parsing that real clients need: form and multipart bodies on every method, JSON
 * bodies that may be empty (clients send `Content-Type: application/json` on bodiless
 * DELETEs), and any other content type ignored rather than refused. Records the routes
 * so that the error filter can answer 405 where a path exists under another method.
 */
export async function configureHttp(app: NestFastifyApplication): Promise<void> {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  fastify.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) routes.push({ method: String(method).toUpperCase(), pattern: routePattern(route.url) });
  });

  // Nest answers POST with 201 by default; Zulip's API answers every success with 200.
  fastify.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 201) void reply.code(200);
    return payload;
  });

  fastify.removeAllContentTypeParsers();
  fastify.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError('Malformed JSON', 'INVALID_JSON', 400), undefined);
    }
  });
  fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    const fields: Record<string, string> = {};
    for (const [name, value] of new URLSearchParams(String(body))) fields[name] = value;
    done(null, fields);
  });
  await app.register(multipart as never, {
    limits: { fileSize: MAX_UPLOAD_BYTES, fieldSize: MAX_BODY_BYTES, fields: 1000, files: 20 },
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
      if (typeof code === 'string' && code.startsWith('FST_') && statusCode !== undefined && statusCode < 500) {
        throw new ApiError(message ?? 'Bad request', 'BAD_REQUEST', statusCode);
      }
      throw new ApiError('Malformed multipart/form-data body', 'BAD_REQUEST', 400);
    }
  });
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));

  // Requests too malformed to reach a route (broken framing, oversized headers) still get
  // the error envelope rather than Fastify's own body.
  fastify.server.removeAllListeners('clientError');
  fastify.server.on('clientError', answerClientError);
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
