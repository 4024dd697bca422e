import { literal, obj } from '../json-schema';
import { OperationTable, rawOperation } from '../operation-doc';
import { DeclaredRoute } from '../route-shape';

/**
 * Routes installed on Fastify itself (platform/observability), which Nest's metadata does
 * not list; the route coverage test keeps this list in step with the server. Prometheus
 * metrics are not on this port (platform/observability/metrics-listener.ts).
 */
export const OBSERVABILITY_ROUTES: readonly DeclaredRoute[] = ['/health/live', '/health/ready'].map((path) => ({
  method: 'get',
  path,
  authMode: 'none',
  raw: true,
  params: [],
}));

const outcome = literal('ok', 'failing', 'not configured');
const health = obj({ status: literal('ok', 'failing'), checks: obj({ database: outcome, redis: outcome, worker: outcome }) });

export const OBSERVABILITY_OPERATIONS: OperationTable = {
  'GET /health/live': rawOperation('Liveness: the process answers.', { '200': { description: 'Alive.', schema: obj({ status: literal('ok') }) } }),
  'GET /health/ready': rawOperation('Readiness: the database (and Redis, when used) answer.', {
    '200': { description: 'Ready.', schema: health },
    '503': { description: 'Not ready.', schema: health },
  }),
};
