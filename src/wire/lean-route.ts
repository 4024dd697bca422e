import { IncomingMessage, ServerResponse } from 'node:http';
import { FastifyInstance } from 'fastify';
import { closesConnection, isClosing } from './http-setup';
import { checkParameterCount, MAX_PARAMETERS } from './input-limits';
import { RawValue } from './request-context';
import { jsonAnswerHeaders } from './security-headers';

/** A lean route's answer: its status, JSON text, and headers of its own (an error's `Retry-After`). */
export interface LeanAnswer {
  status: number;
  body: string;
  headers?: Readonly<Record<string, string>>;
}

export interface LeanRequest {
  readonly raw: IncomingMessage;
  readonly response: ServerResponse;
  /** The query string's parameters, the last of a repeated name counting (as Django's). */
  readonly params: Map<string, RawValue>;
}

/**
 * Serves one hot route straight from Node's HTTP server, ahead of Fastify, for requests
 * that need nothing Fastify does for them: no body, no CORS `Origin`, the server not
 * closing. Every other request for it (and every other route) goes on to Fastify, where
 * the route is registered too, with the same handler behind it. The answer carries the
 * protections a JSON answer needs (jsonAnswerHeaders); `observe` counts it (there is no log
 * line per request).
 */
export function installLeanRoute(
  fastify: FastifyInstance,
  method: string,
  path: string,
  handle: (request: LeanRequest) => Promise<LeanAnswer>,
  observe: (status: number, seconds: number) => void,
): void {
  const server = fastify.server;
  const fastifyListeners = server.listeners('request') as ((request: IncomingMessage, response: ServerResponse) => void)[];
  server.removeAllListeners('request');
  const prefix = `${path}?`;
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const url = request.url ?? '';
    const lean =
      request.method === method &&
      (url === path || url.startsWith(prefix)) &&
      request.headers['content-length'] === undefined &&
      request.headers['transfer-encoding'] === undefined &&
      request.headers.origin === undefined &&
      !isClosing(fastify);
    if (!lean) {
      for (const listener of fastifyListeners) listener.call(server, request, response);
      return;
    }
    const started = process.hrtime.bigint();
    let params: Map<string, RawValue>;
    try {
      params = queryParams(url.length > path.length ? url.slice(path.length + 1) : '');
    } catch {
      // Too many parameters: Fastify's path answers it in the envelope.
      for (const listener of fastifyListeners) listener.call(server, request, response);
      return;
    }
    const send = (answer: LeanAnswer): void => {
      if (!response.destroyed && !response.headersSent) {
        const headers = headersOf(answer);
        // A parked poll answered because the server closes (SIGTERM).
        if (closesConnection(fastify, request)) headers.connection = 'close';
        response.writeHead(answer.status, headers);
        response.end(answer.body);
      }
      observe(answer.status, Number(process.hrtime.bigint() - started) / 1e9);
    };
    // `handle` answers its own failures; this is the last resort.
    handle({ raw: request, response, params }).then(send, () => send(INTERNAL_ERROR));
  });
}

const INTERNAL_ERROR: LeanAnswer = {
  status: 500,
  body: JSON.stringify({ result: 'error', msg: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' }),
};

/** The answer's headers, one object per answer; with its length given it goes out whole rather than chunked. */
function headersOf(answer: LeanAnswer): Record<string, string> {
  const headers: Record<string, string> = { ...jsonAnswerHeaders(), 'content-length': String(Buffer.byteLength(answer.body)) };
  if (answer.headers) for (const [name, value] of Object.entries(answer.headers)) headers[name.toLowerCase()] = value;
  return headers;
}

function queryParams(query: string): Map<string, RawValue> {
  const params = new Map<string, RawValue>();
  if (query === '') return params;
  let count = 0;
  for (const [name, value] of new URLSearchParams(query)) {
    if (++count > MAX_PARAMETERS) break;
    params.set(name, value);
  }
  checkParameterCount(count);
  return params;
}
