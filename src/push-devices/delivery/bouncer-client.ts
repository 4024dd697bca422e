import { Injectable } from '@nestjs/common';
import { PushSettings } from '../../platform/config/settings';
import { SERVER_PRODUCT } from '../../shared/server-version';

/** Zulip's PushBouncerSession timeout for every request but the analytics upload (90 s there). */
const TIMEOUT_MS = 15_000;
const ANALYTICS_TIMEOUT_MS = 90_000;

/**
 * What became of one request to the service, as Zulip's `send_to_push_bouncer` sorts it:
 * - `ok`: a 200 and its JSON;
 * - `retry`: no answer (connection refused, timeout, TLS) or a 5xx: the service is down,
 *   and the same request is tried again later;
 * - `disallowed`: 400 `PUSH_NOTIFICATIONS_DISALLOWED`: the service refuses pushes for this
 *   server or realm (its plan), not an outage;
 * - `refused`: any other answer, a client error such as a token it does not know; retrying
 *   it would change nothing.
 */
export type BouncerOutcome =
  | { kind: 'ok'; body: Record<string, unknown> }
  | { kind: 'retry'; reason: string }
  | { kind: 'disallowed'; reason: string }
  | { kind: 'refused'; reason: string; code: string | null };

/** A form body (Zulip sends every request but `push/notify` form-encoded, structured values as JSON). */
export type FormBody = Record<string, string | number | boolean | null | undefined>;

/** The service's address and this server's registration, as the client needs them. */
export type BouncerAccess = Pick<PushSettings, 'servicesUrl' | 'orgId' | 'orgKey'>;

/**
 * Requests to the push notification service at `ZULIP_SERVICES_URL` under
 * `/api/v1/remotes/`, authenticated with HTTP Basic (`ZULIP_ORG_ID`, `ZULIP_ORG_KEY`), as
 * Zulip's `send_to_push_bouncer`. Never throws: every failure is an outcome.
 */
@Injectable()
export class BouncerClient {
  constructor(private readonly settings: PushSettings) {}

  /** `endpoint` below `/api/v1/remotes/` (`push/notify`...); `json` bodies go as JSON, `form` ones form-encoded. */
  post(endpoint: string, body: BouncerBody): Promise<BouncerOutcome> {
    return bouncerRequest(this.settings, endpoint, body);
  }

  get(endpoint: string): Promise<BouncerOutcome> {
    return bouncerRequest(this.settings, endpoint, null);
  }
}

/** A request's body: JSON, or form-encoded. */
export type BouncerBody = { json: object } | { form: FormBody };

/** One request, a GET without a body (also for the CLI, which has no Nest application). */
export async function bouncerRequest(access: BouncerAccess, endpoint: string, body: BouncerBody | null, withAuth = true): Promise<BouncerOutcome> {
  const url = new URL(`/api/v1/remotes/${endpoint}`, access.servicesUrl);
  const headers: Record<string, string> = { 'User-Agent': SERVER_PRODUCT };
  if (withAuth) headers.Authorization = `Basic ${Buffer.from(`${access.orgId ?? ''}:${access.orgKey ?? ''}`).toString('base64')}`;
  let payload: string | undefined;
  if (body === null) {
    payload = undefined;
  } else if ('json' in body) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body.json);
  } else {
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
    const form = new URLSearchParams();
    for (const [key, value] of Object.entries(body.form)) if (value !== undefined && value !== null) form.set(key, String(value));
    payload = form.toString();
  }
  let response: Response;
  let text: string;
  try {
    response = await fetch(url, {
      method: body === null ? 'GET' : 'POST',
      headers,
      body: payload,
      signal: AbortSignal.timeout(endpoint === 'server/analytics' ? ANALYTICS_TIMEOUT_MS : TIMEOUT_MS),
    });
    text = await response.text();
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause?.code;
    return { kind: 'retry', reason: `${(error as Error).name}${cause ? ` (${cause})` : ''} while trying to reach the push notification service` };
  }
  if (response.status >= 500) return { kind: 'retry', reason: `Received ${response.status} from the push notification service` };
  const parsed = parseJson(text);
  if (response.status === 200 && parsed) return { kind: 'ok', body: parsed };
  const msg = typeof parsed?.msg === 'string' ? parsed.msg : `unexpected answer ${response.status}`;
  const code = typeof parsed?.code === 'string' ? parsed.code : null;
  if (code === 'PUSH_NOTIFICATIONS_DISALLOWED') return { kind: 'disallowed', reason: msg };
  return { kind: 'refused', reason: msg, code };
}

function parseJson(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
