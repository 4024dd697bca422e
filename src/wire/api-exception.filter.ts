import { ArgumentsHost, Catch, ExceptionFilter, HttpException, Logger } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../shared/api-error';
import { methodsAllowedFor } from './http-setup';
import { isOutOfSpace } from '../platform/storage/upload-store';
import { isStorageUnavailable, outOfSpace, serviceUnavailable } from './service-unavailable';
import { asSessionDoorError, cameThroughJson } from './json-routes';

interface FastifyLikeError {
  statusCode?: number;
  code?: string;
  message?: string;
}

/**
 * Renders every failure in the error envelope: storage that cannot be reached is a 503,
 * anything else unexpected a logged 500.
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HTTP');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const request = http.getRequest<FastifyRequest>();
    const reply = http.getResponse<FastifyReply>();
    const error = toApiError(exception, request, this.logger);
    sendError(reply, cameThroughJson(request) ? asSessionDoorError(error) : error);
  }
}

/** What error handling reads of a request: for the 405 check and the log line. */
export interface FailedRequest {
  readonly id: unknown;
  readonly method: string;
  readonly url: string;
}

/** Any failure as the error to answer: an unexpected one is logged and becomes a 500. */
export function toApiError(exception: unknown, request: FailedRequest, logger: Logger): ApiError {
  if (exception instanceof ApiError) return exception;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    if (status === 404) {
      const allowed = methodsAllowedFor(request.url);
      if (allowed.length === 0 || allowed.includes(request.method)) return new ApiError('Not found', 'BAD_REQUEST', 404);
      return new ApiError('Method Not Allowed', 'BAD_REQUEST', 405, { allowed_methods: allowed }, { Allow: allowed.join(', ') });
    }
    if (status < 500) return new ApiError(exception.message, 'BAD_REQUEST', status);
  }
  const fastifyError = exception as FastifyLikeError;
  if (typeof fastifyError?.code === 'string' && fastifyError.code.startsWith('FST_')) {
    const status = fastifyError.statusCode ?? 400;
    if (status < 500) return new ApiError(fastifyError.message ?? 'Bad request', 'BAD_REQUEST', status);
  }
  const dataError = databaseDataError(exception);
  if (dataError !== null) {
    logger.warn(`request ${request.id} ${request.method} ${request.url}: a value the database refuses: ${(exception as Error).message}`);
    return dataError;
  }
  const error = exception instanceof Error ? exception : new Error(String(exception));
  if (isClientAbort(error)) {
    // The client went (or a deadline closed it) while its body arrived: nobody reads the answer.
    logger.debug(`request ${request.id} ${request.method} ${request.url}: the client closed the connection before its body arrived`);
    return ApiError.badRequest('The request body did not arrive whole.');
  }
  if (isOutOfSpace(error)) {
    // The store that ran out logged its warning, naming the folder; no stack is news.
    logger.debug(`request ${request.id} ${request.method} ${request.url}: out of disk space: ${error.message}`);
    return outOfSpace();
  }
  if (isStorageUnavailable(error)) {
    // A database or Redis restart: the request is answered cleanly; no stack is news.
    logger.warn(`request ${request.id} ${request.method} ${request.url} failed, storage unavailable: ${error.message}`);
    return serviceUnavailable();
  }
  logger.error(`request ${request.id} ${request.method} ${request.url} failed: ${error.message}`, error.stack);
  return new ApiError('Internal server error', 'INTERNAL_SERVER_ERROR', 500);
}

/** Node's error for a request stream whose connection closed before its body ended (its code is shared with database resets). */
function isClientAbort(error: Error): boolean {
  return error.message === 'aborted' && (error as { code?: unknown }).code === 'ECONNRESET';
}

/**
 * PostgreSQL's "data exception" class (SQLSTATE 22: an id beyond the integer column, a NUL
 * in text, a malformed value) comes from a client's value that no check caught before the
 * query: the request is at fault, not the server. The statement failed, so its transaction
 * wrote nothing.
 */
function databaseDataError(exception: unknown): ApiError | null {
  const code = (exception as { code?: unknown } | null)?.code;
  if (!(exception instanceof Error) || typeof code !== 'string' || !/^22[0-9A-Z]{3}$/.test(code)) return null;
  if (code === '22003') return ApiError.badRequest('Invalid parameter: number out of range');
  if (code === '22021' || code === '22P05') return ApiError.badRequest('Invalid parameter: contains NULL (0x00) characters.');
  return ApiError.badRequest('Invalid parameter value');
}

/**
 * The error envelope. An error answered with a 2xx status (an incoming webhook's unsupported
 * event) says `result: success`, as Zulip's `json_response_from_error` does: the request
 * was taken, and the service that sent it must not retry.
 */
function errorEnvelope(error: ApiError): Record<string, unknown> {
  const result = error.status >= 200 && error.status < 300 ? 'success' : 'error';
  return { result, msg: error.msg, code: error.code, ...error.data };
}

/** The error envelope's JSON text. */
export function errorBody(error: ApiError): string {
  return JSON.stringify(errorEnvelope(error));
}

export function sendError(reply: FastifyReply, error: ApiError): void {
  for (const [name, value] of Object.entries(error.headers)) void reply.header(name, value);
  void reply
    .status(error.status)
    .header('content-type', 'application/json; charset=utf-8')
    .send(errorEnvelope(error));
}
