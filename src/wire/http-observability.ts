import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { peekContext } from './request-context';
import { AppConfig } from '../platform/config/app-config';
import { JsonLogger } from '../platform/logging/logger';
import { HealthService } from '../platform/observability/health.service';
import { MetricsService } from '../platform/observability/metrics.service';

/**
 * Routes probes hit every few seconds, and the long-poll every client renews
 * after each answer: logged at `debug` only (metrics count them).
 */
const QUIET_ROUTES = new Set(['/health/live', '/health/ready', '/api/v1/events']);

/**
 * Health, request metrics and the request log, on the Fastify instance itself (no realm
 * lookup, no authentication: a liveness probe must answer even when the database does not).
 * The metrics themselves are served by MetricsListener, apart from the API port.
 * Call before `app.init()`.
 */
export function installObservability(app: NestFastifyApplication, config: AppConfig, logger: JsonLogger): void {
  const fastify = app.getHttpAdapter().getInstance() as unknown as FastifyInstance;
  const health = app.get(HealthService);
  const metrics = app.get(MetricsService);

  fastify.get('/health/live', async (_request, reply) => reply.code(200).send({ status: 'ok' }));
  fastify.get('/health/ready', async (_request, reply) => {
    const readiness = await health.readiness();
    return reply.code(readiness.status === 'ok' ? 200 : 503).send(readiness);
  });

  // The id in the request's log line, for a client or proxy reporting a problem.
  fastify.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', String(request.id));
  });

  fastify.addHook('onResponse', async (request, reply) => {
    const route = routeTemplate(request);
    const seconds = reply.elapsedTime / 1000;
    if (config.metrics.enabled) metrics.observeRequest(request.method, route, reply.statusCode, seconds);
    logRequest(logger, request, reply, route);
  });
}

/** The registered route (`/api/v1/messages/:message_id`), or `unmatched`. */
export function routeTemplate(request: FastifyRequest): string {
  const url = request.routeOptions?.url;
  return typeof url === 'string' && url !== '' ? url : 'unmatched';
}

/**
 * One line per request: ids, method, route template, path without its query string (which
 * may carry credentials), status and latency. Headers and parameters are never logged.
 */
function logRequest(logger: JsonLogger, request: FastifyRequest, reply: FastifyReply, route: string): void {
  const level = reply.statusCode >= 500 ? 'error' : QUIET_ROUTES.has(route) && request.method === 'GET' ? 'debug' : 'info';
  if (!logger.enabled(level)) return;
  // As the client sent it: `/json/...` (routed as `/api/v1/...`), a page's final slash.
  const path = request.originalUrl.split('?')[0];
  const context = peekContext(request);
  logger.write(level, 'request', {
    request_id: String(request.id),
    method: request.method,
    route,
    path,
    status: reply.statusCode,
    latency_ms: Math.round(reply.elapsedTime * 10) / 10,
    realm_id: context?.realm?.id ?? null,
    user_id: context?.user?.id ?? null,
    client: context?.clientName ?? null,
  });
}
