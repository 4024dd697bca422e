import { ConfigError, optional, parseBooleanVariable, parseIntegerVariable } from '../platform/config/app-config';

/** How outgoing webhooks are delivered; read once from the environment at start-up. */
export interface WebhookConfig {
  /**
   * `WORKER` (default true): this process also runs the delivery worker. With Redis,
   * `WORKER=false` leaves deliveries to `npm run worker` processes; without Redis the
   * queue lives in this process, so it always delivers.
   */
  runWorker: boolean;
  /** `WEBHOOK_ALLOWED_HOSTS`: host names or addresses allowed although private, loopback or link-local. */
  allowedHosts: ReadonlySet<string>;
  /** `WEBHOOK_TIMEOUT_SECONDS` (Zulip: 10). */
  timeoutMs: number;
  /** `WEBHOOK_RETRY_DELAY_MS`: the first retry's delay; each further retry waits twice as long. */
  retryDelayMs: number;
  /** `WEBHOOK_MAX_RESPONSE_BYTES`: a longer response body is a failure. */
  maxResponseBytes: number;
  /** `WEBHOOK_CONCURRENCY`: deliveries in flight per worker process. */
  concurrency: number;
  /**
   * `WEBHOOK_RECOVERY_SECONDS` (default 300): a trigger still unsettled after this long lost
   * its job (a crash between commit and enqueue) and is enqueued again. Longer than a job's
   * whole retry schedule.
   */
  recoverySeconds: number;
}

/** Zulip's MAX_REQUEST_RETRIES: a trigger is tried once and retried three times. */
export const WEBHOOK_RETRIES = 3;

export const WEBHOOK_CONFIG = Symbol('WebhookConfig');

export function loadWebhookConfig(env: NodeJS.ProcessEnv = process.env): WebhookConfig {
  const hosts = (optional(env.WEBHOOK_ALLOWED_HOSTS) ?? '')
    .split(',')
    .map((host) => host.trim().toLowerCase().replace(/^\[(.*)\]$/, '$1'))
    .filter((host) => host !== '');
  for (const host of hosts) {
    if (/[\s/]/.test(host)) throw new ConfigError(`WEBHOOK_ALLOWED_HOSTS names host names or addresses, not URLs (got '${host}')`);
  }
  return {
    runWorker: parseBooleanVariable('WORKER', env.WORKER, true),
    allowedHosts: new Set(hosts),
    timeoutMs: parseIntegerVariable('WEBHOOK_TIMEOUT_SECONDS', env.WEBHOOK_TIMEOUT_SECONDS, 10, 1) * 1000,
    retryDelayMs: parseIntegerVariable('WEBHOOK_RETRY_DELAY_MS', env.WEBHOOK_RETRY_DELAY_MS, 2000, 0),
    maxResponseBytes: parseIntegerVariable('WEBHOOK_MAX_RESPONSE_BYTES', env.WEBHOOK_MAX_RESPONSE_BYTES, 1024 * 1024, 1024),
    concurrency: parseIntegerVariable('WEBHOOK_CONCURRENCY', env.WEBHOOK_CONCURRENCY, 8, 1),
    recoverySeconds: parseIntegerVariable('WEBHOOK_RECOVERY_SECONDS', env.WEBHOOK_RECOVERY_SECONDS, 300, 4),
  };
}
