import * as http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Credentials, encodeParams, Params } from '../test/support/api';

export interface BenchResponse {
  status: number;
  body: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** performance.now() when the last byte arrived, before the body was parsed. */
  receivedAt: number;
}

/**
 * A user's client on a keep-alive agent: the benchmark measures the server, not TCP
 * handshakes. Only ever talks to 127.0.0.1.
 */
export class BenchClient {
  private readonly authorization: string;

  constructor(
    private readonly port: number,
    private readonly subdomain: string,
    readonly credentials: Credentials,
    private readonly agent: http.Agent,
  ) {
    this.authorization = `Basic ${Buffer.from(`${credentials.email}:${credentials.apiKey}`).toString('base64')}`;
  }

  get(route: string, params: Params = {}, signal?: AbortSignal): Promise<BenchResponse> {
    return this.request('GET', route, params, signal);
  }

  post(route: string, params: Params = {}, signal?: AbortSignal): Promise<BenchResponse> {
    return this.request('POST', route, params, signal);
  }

  patch(route: string, params: Params = {}, signal?: AbortSignal): Promise<BenchResponse> {
    return this.request('PATCH', route, params, signal);
  }

  delete(route: string, params: Params = {}, signal?: AbortSignal): Promise<BenchResponse> {
    return this.request('DELETE', route, params, signal);
  }

  /**
   * `GET /events` as the yardstick's client polls: a path built by concatenation and no
   * abort signal (a signal costs each request a listener added and removed); the caller
   * stops its polls by destroying the agent.
   */
  poll(queueId: string, lastEventId: number): Promise<BenchResponse> {
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          path: `/api/v1/events?queue_id=${encodeURIComponent(queueId)}&last_event_id=${lastEventId}`,
          headers: this.pollHeaders,
          agent: this.agent,
        },
        (response) => collect(response, resolve, reject),
      );
      request.on('error', (error) => reject(connectionFailure(error, request.reusedSocket)));
      request.end();
    });
  }

  private get pollHeaders(): Record<string, string> {
    return (this.headers ??= {
      host: `${this.subdomain}.localhost:${this.port}`,
      'user-agent': 'ZulipBench/1.0',
      authorization: this.authorization,
    });
  }

  private headers: Record<string, string> | undefined;

  private request(method: string, route: string, params: Params, signal?: AbortSignal): Promise<BenchResponse> {
    const form = encodeParams(params).toString();
    const inQuery = method === 'GET' || method === 'DELETE';
    const pathname = `/api/v1/${route}`;
    const headers: Record<string, string> = {
      host: `${this.subdomain}.localhost:${this.port}`,
      'user-agent': 'ZulipBench/1.0',
      authorization: this.authorization,
    };
    if (!inQuery) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers['content-length'] = String(Buffer.byteLength(form));
    }
    return new Promise((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port: this.port,
          method,
          path: inQuery && form ? `${pathname}?${form}` : pathname,
          headers,
          agent: this.agent,
          signal,
        },
        (response) => collect(response, resolve, reject),
      );
      request.on('error', (error) => reject(connectionFailure(error, request.reusedSocket)));
      if (!inQuery) request.write(form);
      request.end();
    });
  }
}

/**
 * A request that got no answer, with what can be told of why: Node's `socket hang up`
 * (ECONNRESET) on a keep-alive socket the agent reused is most often the race its docs
 * describe (the server closed the idle socket just as the request went out); on a new
 * connection, the server closed or refused it while taking the request.
 */
export class ConnectionFailure extends Error {
  constructor(
    readonly code: string,
    readonly reusedSocket: boolean,
    cause: Error,
  ) {
    super(`${cause.message} (${code}, ${reusedSocket ? 'on a reused keep-alive socket' : 'on a new connection'})`, { cause });
    this.name = cause.name;
  }
}

export function connectionFailure(error: Error, reusedSocket: boolean): Error {
  const code = (error as NodeJS.ErrnoException).code;
  // An abort (the caller's timeout) is not the connection's doing.
  if (error.name === 'AbortError' || code === undefined) return error;
  return new ConnectionFailure(code, reusedSocket, error);
}

/** Reads a response whole and parses its JSON (text that is not JSON comes as `raw`). */
function collect(response: http.IncomingMessage, resolve: (response: BenchResponse) => void, reject: (error: Error) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('error', reject);
  response.on('end', () => {
    const receivedAt = performance.now();
    const text = chunks.length === 1 ? chunks[0].toString('utf8') : Buffer.concat(chunks).toString('utf8');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = { raw: text };
    }
    resolve({ status: response.statusCode ?? 0, body, receivedAt });
  });
}
