import { NestFastifyApplication } from '@nestjs/platform-fastify';
import multipart from '@fastify/multipart';
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
    attachFieldsToBody: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, fieldSize: MAX_BODY_BYTES, fields: 1000, files: 20 },
  });
  fastify.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => done(null, undefined));

}

function routePattern(url: string): RegExp {
  const escaped = url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}
