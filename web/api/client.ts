import { encodeForm, Params } from './form';

/** An answer in Zulip's error envelope (`result: "error"`, `msg`, `code`), kept whole. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    msg: string,
    readonly body: Readonly<Record<string, unknown>>,
  ) {
    super(msg);
    this.name = 'ApiError';
  }

  /** Server trouble that passes (a restart, an overloaded proxy): worth trying again later. */
  get transient(): boolean {
    return this.status >= 500;
  }
}

/** The request never got an answer: the network or the server is unreachable. */
export class NetworkError extends Error {
  constructor(override readonly cause: unknown) {
    super('The server could not be reached.');
    this.name = 'NetworkError';
  }
}

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
export type Fetch = (input: string, init: RequestInit) => Promise<Response>;
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface ClientOptions {
  /** The session-authenticated twin of /api/v1 (docs/web-app.md). */
  base?: string;
  /** The page's `<meta name="csrf-token">`; sent as `X-CSRFToken` on every request but GET. */
  csrfToken: string | null;
  fetch?: Fetch;
  sleep?: Sleep;
  /** How often a RATE_LIMIT_HIT answer is waited out and retried before it is reported. */
  rateLimitRetries?: number;
  /** Told whether the last request reached the server (the offline banner). */
  onConnectivity?: (online: boolean) => void;
}

export const defaultSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    }, { once: true });
  });

/** The CSRF token the server put in the page (absent outside a signed-in page). */
export function csrfTokenOf(doc: Pick<Document, 'querySelector'>): string | null {
  return doc.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? null;
}

/**
 * The web app's one HTTP client. Parameters go in the query string for GET and in a
 * form-encoded body otherwise, as Zulip's web client sends them; the session cookie rides
 * along (`credentials: 'same-origin'`) with the CSRF header on writes. A success answers its
 * body; an error envelope throws ApiError; RATE_LIMIT_HIT is waited out (Retry-After) and
 * retried; no answer at all throws NetworkError.
 */
export class ApiClient {
  private readonly base: string;
  private readonly fetch: Fetch;
  private readonly sleep: Sleep;
  private readonly rateLimitRetries: number;

  constructor(private readonly options: ClientOptions) {
    this.base = options.base ?? '/json';
    this.fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.sleep = options.sleep ?? defaultSleep;
    this.rateLimitRetries = options.rateLimitRetries ?? 3;
  }

  /** Where requests go and the CSRF token they carry, for requests made apart from this client (uploads). */
  get target(): { base: string; csrfToken: string | null } {
    return { base: this.base, csrfToken: this.options.csrfToken };
  }

  get<T>(route: string, params: Params = {}, signal?: AbortSignal): Promise<T> {
    return this.call<T>('GET', route, params, signal);
  }
  post<T>(route: string, params: Params = {}, signal?: AbortSignal): Promise<T> {
    return this.call<T>('POST', route, params, signal);
  }
  patch<T>(route: string, params: Params = {}, signal?: AbortSignal): Promise<T> {
    return this.call<T>('PATCH', route, params, signal);
  }
  delete<T>(route: string, params: Params = {}, signal?: AbortSignal): Promise<T> {
    return this.call<T>('DELETE', route, params, signal);
  }

  /** Sends files as `multipart/form-data` (an avatar, an upload), as Zulip's web client does. */
  upload<T>(route: string, files: FormData, signal?: AbortSignal): Promise<T> {
    return this.call<T>('POST', route, files, signal);
  }

  async call<T>(method: Method, route: string, params: Params | FormData = {}, signal?: AbortSignal): Promise<T> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.once<T>(method, route, params, signal);
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'RATE_LIMIT_HIT' || attempt >= this.rateLimitRetries) throw error;
        await this.sleep(retryAfterMs(error), signal);
      }
    }
  }

  private async once<T>(method: Method, route: string, params: Params | FormData, signal?: AbortSignal): Promise<T> {
    const form = params instanceof FormData ? '' : encodeForm(params).toString();
    const path = `${this.base}/${route.replace(/^\//, '')}`;
    const headers: Record<string, string> = { Accept: 'application/json' };
    let url = path;
    let body: string | FormData | undefined;
    if (method === 'GET') {
      if (form !== '') url = `${path}?${form}`;
    } else {
      // FormData sets its own multipart boundary in the Content-Type.
      body = params instanceof FormData ? params : form;
      if (!(params instanceof FormData)) headers['Content-Type'] = 'application/x-www-form-urlencoded';
      if (this.options.csrfToken !== null) headers['X-CSRFToken'] = this.options.csrfToken;
    }
    let response: Response;
    try {
      response = await this.fetch(url, { method, headers, body, credentials: 'same-origin', signal });
    } catch (error) {
      if (signal?.aborted) throw error;
      this.options.onConnectivity?.(false);
      throw new NetworkError(error);
    }
    this.options.onConnectivity?.(true);
    const parsed = await readJson(response);
    if (response.ok && parsed !== null && parsed.result === 'success') return parsed as T;
    const retryAfter = response.headers.get('Retry-After');
    const envelope = parsed ?? {};
    throw new ApiError(
      response.status,
      typeof envelope.code === 'string' ? envelope.code : response.status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST',
      typeof envelope.msg === 'string' && envelope.msg !== '' ? envelope.msg : `The server answered ${response.status}.`,
      retryAfter !== null && envelope['retry-after'] === undefined ? { ...envelope, 'retry-after': Number(retryAfter) } : envelope,
    );
  }
}

/** How long a RATE_LIMIT_HIT asks to wait: its `retry-after` (seconds, from the body or the header). */
export function retryAfterMs(error: ApiError): number {
  const seconds = Number(error.body['retry-after']);
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds * 1000) : 1000;
}

async function readJson(response: Response): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = await response.json();
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
