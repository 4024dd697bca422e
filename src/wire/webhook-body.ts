import { FastifyRequest } from 'fastify';

/**
 * Incoming webhooks read their body as it arrived, whatever its content type (Zulip reads
 * `request.body`): a provider may send JSON as `text/plain`, and a formatter may quote the
 * payload verbatim. The body parsers keep the bytes of requests to these paths beside what
 * they decode.
 */
const WEBHOOK_PATH = /^\/api\/v1\/external\/[^/?]*(?:\?|$)/;
const RAW_BODY = Symbol('webhookRawBody');

type WithRawBody = FastifyRequest & { [RAW_BODY]?: Buffer };

/** Called by every body parser: keeps the bytes of an incoming webhook's body. */
export function keepWebhookBody(request: FastifyRequest, body: Buffer): void {
  if (WEBHOOK_PATH.test(request.url)) (request as WithRawBody)[RAW_BODY] = body;
}

/** The body's bytes as they arrived (an incoming webhook's only), or undefined with no body. */
export function webhookBodyOf(request: FastifyRequest): Buffer | undefined {
  return (request as WithRawBody)[RAW_BODY];
}
