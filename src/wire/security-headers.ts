import cors from '@fastify/cors';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Browser-facing protections on every response. The API answers JSON and serves user
 * files, so the default policy lets a response load nothing and be framed nowhere (an
 * uploaded HTML or SVG file cannot run script); pages that need more set their own
 * `Content-Security-Policy` (the API docs). Images and files stay embeddable from other
 * origins, since clients show avatars and uploads from wherever they run.
 */
export async function installSecurityHeaders(app: NestFastifyApplication, corsOrigins: readonly string[]): Promise<void> {
  const headers = securityHeaders();
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  fastify.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(headers);
    done();
  });
  // Closed unless CORS_ORIGINS names origins: the API's credentials are sent in headers,
  // never cookies, so no credentialed CORS is needed.
  if (corsOrigins.length === 0) return;
  await app.register(cors as never, {
    origin: corsOrigins.includes('*') ? '*' : [...corsOrigins],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Requested-With'],
    exposedHeaders: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After'],
    maxAge: 86_400,
  });
}

let computed: Readonly<Record<string, string>> | null = null;

/** The protective headers of every response (routes answered outside Fastify send them too). */
export function securityHeaders(): Readonly<Record<string, string>> {
  computed ??= Object.freeze(helmetHeaders());
  return computed;
}

/** The protections a JSON answer needs (docs/api.md, "Input limits and browser security"); the rest of helmet's are for pages and files. */
const JSON_ANSWER_HEADERS = ['content-security-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options', 'referrer-policy'];

let jsonComputed: Readonly<Record<string, string>> | null = null;

/**
 * The headers of a long-poll answer: its content type and the protections a JSON answer
 * needs. A hundred clients of a channel each get one answer per message, and every header
 * costs the server and each client a little: the rest of helmet's set (cross-origin
 * isolation, prefetch and download hints, legacy XSS filter) concern pages and files.
 */
export function jsonAnswerHeaders(): Readonly<Record<string, string>> {
  if (!jsonComputed) {
    const all = securityHeaders();
    const picked: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
    for (const name of JSON_ANSWER_HEADERS) if (all[name] !== undefined) picked[name] = all[name];
    jsonComputed = Object.freeze(picked);
  }
  return jsonComputed;
}

/**
 * The headers helmet sets, taken once: with these options they are the same for every
 * request (no nonces), and running helmet's middleware chain on each request (every
 * long-poll answer included) cost about 2% of a busy server's CPU.
 */
function helmetHeaders(): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], baseUri: ["'none'"], formAction: ["'self'"] },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown = null;
  middleware({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failure = error ?? null;
  });
  if (failure !== null) throw new Error(`helmet refused its options: ${String(failure)}`);
  return headers;
}
