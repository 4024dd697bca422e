import { Injectable } from '@nestjs/common';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { DataSource } from 'typeorm';
import { MetricsSettings } from '../config/settings';
import { pgPool } from '../database/prepared-statements';
import { EventDeliveryProbe } from './event-delivery-probe';
import { JobRegistry } from './job-registry';

/** Seconds buckets for API requests and sends: 5 ms to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The route a send takes: its latency is also the `send latency` series. */
export const SEND_ROUTE = { method: 'POST', route: '/api/v1/messages' } as const;

/**
 * The Prometheus series `/metrics` shows (`METRICS_ENABLED=true`). Request series are
 * labelled by route template (`/api/v1/messages/:message_id`), never by raw path, so the
 * number of series stays bounded. Gauges are read when scraped.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly requestSeconds: Histogram<'method' | 'route'>;
  private readonly sendSeconds: Histogram;
  private readonly webhookAttempts: Counter<'bot_id' | 'result'>;
  private readonly webhookSeconds: Histogram<'bot_id'>;
  private readonly slowRequestsClosed: Counter<'reason'>;

  constructor(
    private readonly eventQueues: EventDeliveryProbe,
    private readonly jobs: JobRegistry,
    settings: MetricsSettings,
    dataSource: DataSource,
  ) {
    const registers = [this.registry];
    // The process series sample the event loop and the heap continually: only when scraped at all.
    if (settings.enabled) collectDefaultMetrics({ register: this.registry, prefix: 'chat_' });
    this.requests = new Counter({
      name: 'chat_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status code',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.requestSeconds = new Histogram({
      name: 'chat_http_request_duration_seconds',
      help: 'Time to answer HTTP requests, by method and route template (long-polls included)',
      labelNames: ['method', 'route'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.sendSeconds = new Histogram({
      name: 'chat_message_send_duration_seconds',
      help: 'Time to answer POST /api/v1/messages (stored, and its events on the queues)',
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.webhookAttempts = new Counter({
      name: 'chat_webhook_attempts_total',
      help: 'Outgoing-webhook delivery attempts, by bot and outcome (delivered, no_reply, retry, unavailable, error_status, ...)',
      labelNames: ['bot_id', 'result'],
      registers,
    });
    this.webhookSeconds = new Histogram({
      name: 'chat_webhook_attempt_duration_seconds',
      help: 'Time of one outgoing-webhook attempt (the request and posting the answer), by bot',
      labelNames: ['bot_id'],
      buckets: LATENCY_BUCKETS,
      registers,
    });
    this.slowRequestsClosed = new Counter({
      name: 'chat_http_slow_connections_closed_total',
      help: 'Connections closed or refused because their requests arrived too slowly (address_cap, refused_at_connect, unauthenticated_body_timeout)',
      labelNames: ['reason'],
      registers,
    });
    const { eventQueues: events, jobs: registry } = this;
    new Gauge({
      name: 'chat_event_queues_open',
      help: 'Event queues that exist (all processes when queues live in Redis)',
      registers,
      async collect() {
        this.set(await events.openQueues());
      },
    });
    new Gauge({
      name: 'chat_long_polls_parked',
      help: 'GET /events requests waiting for news in this process',
      registers,
      collect() {
        this.set(events.parkedPolls());
      },
    });
    countedTotal(registers, 'chat_events_delivered_total', 'Events this process appended to event queues', () => events.deliveredEvents());
    countedTotal(
      registers,
      'chat_event_outbox_republished_total',
      'Outbox rows (committed transactions) whose events this process published again for a process that stopped first',
      () => events.republishedOutboxRows(),
    );
    new Gauge({
      name: 'chat_db_pool_clients',
      help: "This process's PostgreSQL connection pool: connections running a request's statements (busy), idle ones, and requests waiting for one (waiting)",
      labelNames: ['state'],
      registers,
      collect() {
        const pool = poolOf(dataSource);
        if (!pool) return;
        this.set({ state: 'busy' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });
    new Gauge({
      name: 'chat_job_queue_depth',
      help: 'Background jobs waiting, by queue',
      labelNames: ['queue'],
      registers,
      async collect() {
        this.reset();
        for (const probe of registry.all()) this.set({ queue: probe.name }, await probe.depth());
      },
    });
  }

  /** One answered request; `route` is the template, or `unmatched` for unknown paths. */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    this.requests.inc({ method, route, status: String(status) });
    this.requestSeconds.observe({ method, route }, seconds);
    if (method === SEND_ROUTE.method && route === SEND_ROUTE.route && status === 200) this.sendSeconds.observe(seconds);
  }

  /** One outgoing-webhook attempt in this process. */
  observeWebhookAttempt(botId: number, result: string, seconds: number): void {
    this.webhookAttempts.inc({ bot_id: String(botId), result });
    this.webhookSeconds.observe({ bot_id: String(botId) }, seconds);
  }

  /** A connection closed for its slowness (wire/slow-requests.ts). */
  observeSlowRequestClosed(reason: string): void {
    this.slowRequestsClosed.inc({ reason });
  }

  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}

/** What a node-postgres pool counts of its clients. */
interface PoolCounts {
  readonly totalCount: number;
  readonly idleCount: number;
  readonly waitingCount: number;
}

/** The data source's node-postgres pool, once it has one. */
function poolOf(dataSource: DataSource): PoolCounts | null {
  try {
    const pool = pgPool(dataSource) as unknown as Partial<PoolCounts>;
    return typeof pool.waitingCount === 'number' ? (pool as PoolCounts) : null;
  } catch {
    return null;
  }
}

/** A counter that, when scraped, catches up with a running total kept elsewhere. */
function countedTotal(registers: Registry[], name: string, help: string, total: () => number): void {
  let counted = 0;
  new Counter({
    name,
    help,
    registers,
    collect() {
      const now = total();
      if (now > counted) this.inc(now - counted);
      counted = now;
    },
  });
}
