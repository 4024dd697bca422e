import { ApiError } from '../shared/api-error';

/** Socket errors of a connection to PostgreSQL or Redis that went away or never came. */
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/**
 * SQLSTATEs of a database that is restarting, unreachable or full: class 08 (connection
 * exception), 53300 too_many_connections (max_connections, or a role's or database's
 * CONNECTION LIMIT, reached), 57P01 admin_shutdown, 57P02 crash_shutdown,
 * 57P03 cannot_connect_now.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|53300|57P0[123])$/;

/**
 * What pg, pg-pool and ioredis say when their connection is gone; these errors carry no
 * code. (ioredis: "Connection is closed."; pg: "Connection terminated unexpectedly".)
 */
const CONNECTION_MESSAGES = [
  'Connection terminated',
  'connection error and is not queryable',
  'Client was closed and is not queryable',
  'timeout exceeded when trying to connect',
  'Connection is closed',
  "Stream isn't writeable",
];

interface ErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  driverError?: unknown;
  cause?: unknown;
}

/**
 * Whether `error` says that PostgreSQL or Redis could not be reached (a restart, a network
 * cut), rather than that the request or the code was wrong. TypeORM wraps the driver's
 * error in `driverError`; other wrappers use `cause`.
 */
export function isStorageUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && typeof current === 'object' && current !== null; depth++) {
    const candidate = current as ErrorLike;
    if (typeof candidate.code === 'string' && (CONNECTION_ERRNOS.has(candidate.code) || UNAVAILABLE_SQLSTATE.test(candidate.code))) return true;
    // ioredis gives up on a command after `maxRetriesPerRequest` reconnection attempts.
    if (candidate.name === 'MaxRetriesPerRequestError') return true;
    const message = candidate.message;
    if (typeof message === 'string' && CONNECTION_MESSAGES.some((text) => message.includes(text))) return true;
    current = candidate.driverError ?? candidate.cause;
  }
  return false;
}

/**
 * The answer to a request that failed because storage was unreachable, or that arrived
 * while the server shuts down: HTTP 503 in the error envelope, so that clients retry as
 * they do on any 5xx. The request changed nothing it did not commit (a send either
 * committed whole or not at all).
 */
export function serviceUnavailable(): ApiError {
  return new ApiError('Service temporarily unavailable; try again shortly', 'SERVICE_UNAVAILABLE', 503, {}, { 'Retry-After': '1' });
}

/**
 * The answer to a request whose file the server had no disk space (or quota) for: HTTP 507
 * Insufficient Storage in the error envelope. Nothing was stored; the same request succeeds
 * once an operator made room (docs/operations.md, "Faults and shutdown").
 */
export function outOfSpace(): ApiError {
  return new ApiError('The server is out of storage space; the file was not stored. Try again later.', 'INSUFFICIENT_STORAGE', 507);
}
