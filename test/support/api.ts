import { execFile } from 'node:child_process';
import * as http from 'node:http';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { checkAgainstOpenApi } from './openapi-validator';
import { DIST, NODE_PATH } from './server-process';

export type Params = Record<string, unknown>;

export interface ApiResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export interface Credentials {
  email: string;
  apiKey: string;
}

/** A server the helpers below talk to: its port and data directory. */
export interface TargetServer {
  port: number;
  dataDir: string;
  /** The server's environment, when a test file started it: the CLI then uses its storage. */
  env?: NodeJS.ProcessEnv;
}

/** DATABASE_URL and REDIS_URL of `server`'s own environment, when it has one. */
function storageOf(server: TargetServer): NodeJS.ProcessEnv {
  const storage: NodeJS.ProcessEnv = {};
  for (const name of ['DATABASE_URL', 'REDIS_URL']) {
    const value = server.env?.[name];
    if (value !== undefined) storage[name] = value;
  }
  return storage;
}

/** The test server's port and data directory (set by the global setup). */
export function testServer(): TargetServer {
  const port = Number(process.env.TEST_SERVER_PORT);
  if (!port) throw new Error('TEST_SERVER_PORT is not set: run the tests through jest with its global setup');
  return { port, dataDir: process.env.TEST_DATA_DIR as string };
}

/** Strings go raw; everything else as JSON text, the way Zulip clients encode parameters. */
export function encodeParams(params: Params): URLSearchParams {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined) continue;
    form.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return form;
}

/**
 * A client of one realm (by Host header) and, optionally, one user. GET parameters go in
 * the query string; other methods send a form body, as the Python bindings do. Every
 * answer is checked against the server's OpenAPI document: a mismatch rejects.
 */
export class Api {
  constructor(
    readonly subdomain: string,
    readonly credentials: Credentials | null = null,
    readonly port: number = testServer().port,
  ) {}

  as(credentials: Credentials | null): Api {
    return new Api(this.subdomain, credentials, this.port);
  }

  get host(): string {
    return this.subdomain === '' ? `localhost:${this.port}` : `${this.subdomain}.localhost:${this.port}`;
  }

  get(route: string, params: Params = {}): Promise<ApiResponse> {
    return this.request('GET', route, params);
  }
  post(route: string, params: Params = {}): Promise<ApiResponse> {
    return this.request('POST', route, params);
  }
  patch(route: string, params: Params = {}): Promise<ApiResponse> {
    return this.request('PATCH', route, params);
  }
  put(route: string, params: Params = {}): Promise<ApiResponse> {
    return this.request('PUT', route, params);
  }
  delete(route: string, params: Params = {}): Promise<ApiResponse> {
    return this.request('DELETE', route, params);
  }

  request(
    method: string,
    route: string,
    params: Params = {},
    options: { headers?: Record<string, string>; body?: string | Buffer; query?: boolean; signal?: AbortSignal } = {},
  ): Promise<ApiResponse> {
    const form = encodeParams(params).toString();
    const inQuery = options.query ?? method === 'GET';
    const pathname = route.startsWith('/') ? route : `/api/v1/${route}`;
    const target = inQuery && form ? `${pathname}?${form}` : pathname;
    const headers: Record<string, string> = { host: this.host, 'user-agent': 'ZulipTestClient/1.0', ...options.headers };
    if (this.credentials) {
      headers.authorization = `Basic ${Buffer.from(`${this.credentials.email}:${this.credentials.apiKey}`).toString('base64')}`;
    }
    let body = options.body;
    if (body === undefined && !inQuery) {
      body = form;
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
    }
    // Node sends no length (and no chunked encoding) for a DELETE body unless told its length.
    if (body !== undefined) headers['content-length'] ??= String(Buffer.byteLength(body));
    return new Promise((resolve, reject) => {
      const request = http.request(
        { host: '127.0.0.1', port: this.port, method, path: target, headers, signal: options.signal, agent: false },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let parsed: Record<string, unknown>;
            try {
              parsed = JSON.parse(text) as Record<string, unknown>;
            } catch {
              parsed = { raw: text };
            }
            const answer = { status: response.statusCode ?? 0, headers: response.headers, body: parsed };
            checkAgainstOpenApi({
              port: this.port,
              method,
              pathname: pathname.split('?')[0],
              status: answer.status,
              contentType: String(response.headers['content-type'] ?? ''),
              body: parsed,
            }).then(() => resolve(answer), reject);
          });
        },
      );
      request.on('error', reject);
      if (body !== undefined) request.write(body);
      request.end();
    });
  }
}

/** One run of the management CLI: its exit status and what it printed. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliOptions {
  /** Whose storage the CLI uses: the test server's unless given (e.g. one a test file started itself). */
  server?: TargetServer;
  /** Variables over the server's (LOG_LEVEL is warn unless given). */
  env?: NodeJS.ProcessEnv;
  /** Its standard input (a password, say); none when unset. */
  input?: string;
}

/** Runs the management CLI, whatever its exit status. */
export function runCli(args: string[], options: CliOptions = {}): Promise<CliRun> {
  const server = options.server ?? testServer();
  const { dataDir, port } = server;
  return new Promise((resolve) => {
    const child = execFile(
      process.execPath,
      [path.join(DIST, 'cli.js'), ...args],
      { env: { ...process.env, ...storageOf(server), NODE_PATH, DATA_DIR: dataDir, PORT: String(port), EXTERNAL_HOST: `localhost:${port}`, LOG_LEVEL: 'warn', ...options.env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
    if (options.input !== undefined) child.stdin?.end(options.input);
  });
}

/**
 * Runs the management CLI against the test server's storage (or `server`'s, e.g. one a
 * test file started itself); rejects on exit status 1.
 */
export async function manage(args: string[], env: NodeJS.ProcessEnv = {}, server: TargetServer = testServer()): Promise<Record<string, any>> { // eslint-disable-line @typescript-eslint/no-explicit-any
  const run = await runCli(args, { env, server });
  if (run.code !== 0) throw new Error(`manage ${args[0]} failed: ${run.stderr.trim()}`);
  return JSON.parse(run.stdout) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

export function uniqueName(prefix: string): string {
  return `${prefix}-${randomBytes(4).toString('hex')}`;
}

export interface TestRealm {
  subdomain: string;
  /** An anonymous client of the realm. */
  api: Api;
  owner: Credentials & { userId: number };
  /** An owner's client. */
  ownerApi: Api;
  /** Creates a user through `POST /users` (as the owner) and returns a client for them. */
  createUser(name?: string, role?: string): Promise<TestUser>;
}

export interface TestUser extends Credentials {
  userId: number;
  fullName: string;
  api: Api;
}

/**
 * A fresh realm of its own for a test file, created through the CLI, on the run's test
 * server or on `server` (a server the test file started itself).
 */
export async function createTestRealm(prefix = 'test', server: TargetServer = testServer()): Promise<TestRealm> {
  const subdomain = uniqueName(prefix).toLowerCase();
  const email = `owner@${subdomain}.test`;
  const created = await manage([
    'create-realm', '--subdomain', subdomain, '--name', `Realm ${subdomain}`.slice(0, 40),
    '--owner-email', email, '--owner-password', 'owner-password', '--owner-name', 'Olivia Owner',
  ], {}, server);
  const api = new Api(subdomain, null, server.port);
  const owner = { email, apiKey: created.api_key as string, userId: created.user_id as number };
  const ownerApi = api.as(owner);
  let counter = 0;
  return {
    subdomain,
    api,
    owner,
    ownerApi,
    async createUser(name?: string, role?: string): Promise<TestUser> {
      counter += 1;
      const fullName = name ?? `User ${counter}`;
      const userEmail = `user${counter}-${randomBytes(3).toString('hex')}@${subdomain}.test`;
      if (role && role !== 'member') {
        const made = await manage([
          'create-user', '--realm', subdomain, '--email', userEmail, '--password', 'user-password',
          '--full-name', fullName, '--role', role,
        ], {}, server);
        const credentials = { email: userEmail, apiKey: made.api_key as string };
        return { ...credentials, userId: made.user_id as number, fullName, api: api.as(credentials) };
      }
      const response = await ownerApi.post('users', { email: userEmail, password: 'user-password', full_name: fullName });
      if (response.status !== 200) throw new Error(`POST /users failed: ${JSON.stringify(response.body)}`);
      const key = await api.post('fetch_api_key', { username: userEmail, password: 'user-password' });
      const credentials = { email: userEmail, apiKey: key.body.api_key as string };
      return { ...credentials, userId: response.body.user_id as number, fullName, api: api.as(credentials) };
    },
  };
}

/** A success answer: HTTP 200 and exactly Zulip's envelope plus `extra`, nothing more in the body. */
export function expectSuccess(response: ApiResponse, extra: Record<string, unknown> = {}): void {
  expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: { result: 'success', msg: '', ...extra } });
}

/** A message edit's or move's success answer: the envelope and no upload detached from the message. */
export function expectEdited(response: ApiResponse): void {
  expectSuccess(response, { detached_uploads: [] });
}

/**
 * A success answer carrying data besides the envelope: HTTP 200 with `result: 'success'` and
 * `msg: ''`, whatever else the body holds (the test checks what it needs of it). Answers the body.
 */
export function expectSuccessEnvelope(response: ApiResponse): ApiResponse['body'] {
  expect({ status: response.status, body: response.body }).toEqual({ status: 200, body: expect.objectContaining({ result: 'success', msg: '' }) });
  return response.body;
}

type Answer = Pick<ApiResponse, 'status' | 'body'>;

/**
 * A successful answer (HTTP 200, `result: 'success'`), for a step that sets up what the test
 * checks: any other answer fails the test with the server's words, `what` naming the step.
 */
export function succeeded<T extends Answer>(response: T, what = 'request'): T {
  if (response.status !== 200 || response.body.result !== 'success') {
    throw new Error(`${what} failed: ${response.status} ${JSON.stringify(response.body)}`);
  }
  return response;
}

/** The body of a successful answer (see `succeeded`); takes the answer or the request's promise. */
export function ok(response: Answer, what?: string): ApiResponse['body'];
export function ok(response: Promise<Answer>, what?: string): Promise<ApiResponse['body']>;
export function ok(response: Answer | Promise<Answer>, what?: string): ApiResponse['body'] | Promise<ApiResponse['body']> {
  return response instanceof Promise ? response.then((answer) => succeeded(answer, what).body) : succeeded(response, what).body;
}

/** An error answer: HTTP 400 and exactly Zulip's envelope, plus any extra fields. */
export function expectError(response: ApiResponse, msg: string, code = 'BAD_REQUEST', extra: Record<string, unknown> = {}): void {
  expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { result: 'error', msg, code, ...extra } });
}

/**
 * An error answer that may carry fields besides the envelope (`var_name`, `objections`...):
 * HTTP `status` with `result: 'error'`, `msg` and `code`, whatever else the body holds.
 */
export function expectErrorEnvelope(response: ApiResponse, msg: string, code = 'BAD_REQUEST', status = 400): void {
  expect({ status: response.status, body: response.body }).toEqual({ status, body: expect.objectContaining({ result: 'error', msg, code }) });
}

/** A generic bot owned by `owner`, made through `POST /bots`, with a client of its own. */
export async function createBot(realm: TestRealm, owner: Api, shortName: string, fullName = shortName): Promise<TestUser> {
  const made = await owner.post('bots', { short_name: shortName, full_name: fullName });
  if (made.status !== 200) throw new Error(`POST /bots failed: ${JSON.stringify(made.body)}`);
  const email = `${shortName}-bot@${realm.subdomain}.localhost`;
  const apiKey = made.body.api_key as string;
  return { userId: made.body.user_id as number, fullName, email, apiKey, api: realm.api.as({ email, apiKey }) };
}

/** The ids of the realm's user groups (the system groups `role:...` among them), by name. */
export async function groupIdsByName(api: Api): Promise<Record<string, number>> {
  const groups = ok(await api.get('user_groups')).user_groups as { id: number; name: string }[];
  return Object.fromEntries(groups.map((group) => [group.name, group.id]));
}

/** Sends a message and answers its id; a refusal fails the test with the server's answer. */
export async function sendMessage(api: Api, params: Params): Promise<number> {
  const response = await api.post('messages', params);
  if (response.status !== 200) throw new Error(`send failed: ${JSON.stringify(response.body)}`);
  return response.body.id as number;
}

/**
 * Subscribes to one channel (creating it), for `principals` when given; a refusal fails
 * the test with the server's answer.
 */
export async function subscribeTo(api: Api, name: string, params: Params = {}, principals?: number[]): Promise<void> {
  const response = await api.post('users/me/subscriptions', { subscriptions: [{ name }], principals, ...params });
  if (response.status !== 200) throw new Error(`subscribe failed: ${JSON.stringify(response.body)}`);
}
