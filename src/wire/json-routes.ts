import { FastifyRequest } from 'fastify';
import { ApiError } from '../shared/api-error';

/**
 * `/json/...` is Zulip's session-authenticated twin of `/api/v1/...`, what its web app
 * calls: the same handlers and answers, signed in by the session cookie only, CSRF checked
 * on every request that may change something (docs/accounts.md, "Signing in and sessions"). Routed by rewriting
 * the URL before routing (Fastify's `rewriteUrl`), so no route is declared twice and rate
 * limits, metrics and logs see the API's route; the request's `originalUrl` says which door
 * it came through.
 */
const JSON_PREFIX = '/json/';
const API_PREFIX = '/api/v1/';

export function apiUrlOf(url: string): string {
  return url.startsWith(JSON_PREFIX) ? API_PREFIX + url.slice(JSON_PREFIX.length) : url;
}

/** Whether the request came through `/json` (its session cookie, never an API key, signs it in). */
export function cameThroughJson(request: FastifyRequest): boolean {
  return request.originalUrl.startsWith(JSON_PREFIX);
}

/** Whether the request reached an `/api/v1` route by its own name (API keys only, never the cookie). */
export function addressedToApi(request: FastifyRequest): boolean {
  return request.originalUrl.startsWith(API_PREFIX);
}

/**
 * An error as `/json` answers it: a refused sign-in challenges with `Session realm="zulip"`
 * rather than Basic, as Zulip's does there, so that a browser never offers its Basic
 * password dialog to the web app's user.
 */
export function asSessionDoorError(error: ApiError): ApiError {
  if (error.headers['WWW-Authenticate'] === undefined) return error;
  return new ApiError(error.msg, error.code, error.status, error.data, { ...error.headers, 'WWW-Authenticate': SESSION_CHALLENGE });
}

const SESSION_CHALLENGE = 'Session realm="zulip"';

/** Zulip's answer to a failed CSRF check (its `csrf_failure` with Django's reasons). */
export function csrfFailed(reason: string): ApiError {
  return new ApiError(`CSRF error: ${reason}`, 'CSRF_FAILED', 403);
}

/** Methods that change nothing, which Django's CSRF check lets through. */
export const CSRF_SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);
