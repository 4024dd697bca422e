import { PoolFigures } from './capacity-pool';
import { ResourceFigures } from './capacity-resources';

/** What one capacity step measured, as printed and as `--json` gives it. */
export interface StepResult {
  step: number;
  users: number;
  channels: number;
  setupSeconds: { users: number; channels: number; history: number; register: number; total: number };
  seconds: number;
  /** Actions' requests issued in the window (polls apart). */
  requests: number;
  requestsPerSecond: number;
  pollsAnswered: number;
  pollsPerSecond: number;
  /** Events the window's polls brought, by type. */
  events: Record<string, number>;
  actions: Record<string, { count: number; averageMs: number; p99Ms: number }>;
  averageMs: number;
  p99Ms: number;
  errors: {
    count: number;
    /** Of every HTTP request of the window (`httpRequests`, polls included). */
    percent: number;
    httpRequests: number;
    byKind: Record<string, number>;
    /** The server's `msg` for the first error of each kind. */
    samples: Record<string, string>;
    /** Non-2xx answers that are not errors (an "already reacted"). */
    expected: Record<string, number>;
  };
  /** Latencies are null in JSON when missing deliveries (counted as infinitely late) reach the percentile. */
  delivery: { messages: number; expected: number; delivered: number; missing: number; duplicates: number; p50Ms: number; p99Ms: number };
  resources: ResourceFigures;
  /** The server processes' PostgreSQL pools, sampled each second of the window. */
  pool: PoolFigures;
  /**
   * Connections that failed during the whole step (warm-up and drain too), by request and
   * cause as the client saw it; and what the server's slow-request limiter closed.
   */
  connections: { failures: Record<string, number>; serverClosed: Record<string, number> };
  healthy: boolean;
  reasons: string[];
  /** See `contended`. */
  contended: boolean;
}

const ms = (value: number) => (Number.isNaN(value) ? '—' : Number.isFinite(value) ? value.toFixed(1) : '∞');
const mib = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(0));
const pct = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(0));

export function formatResources(r: ResourceFigures): string[] {
  return [
    `  server         CPU ${pct(r.server.cpuPercent).padStart(4)}% of a core   RSS ${mib(r.server.rssMib)} MiB; ` +
      `event loop waited for a CPU ${pct(r.server.waitingForCpuPercent ?? NaN)}% of the window` +
      (r.server.processes > 1 ? ` (${r.server.processes} processes, summed)` : ''),
    `  PostgreSQL     CPU ${pct(r.postgres.cpuPercent).padStart(4)}% of a core   RSS ${mib(r.postgres.rssMib)} MiB summed over ` +
      `${r.postgres.processes} processes (PSS ${mib(r.postgres.pssMib)} MiB: shared buffers counted once)`,
    `  Redis          CPU ${pct(r.redis.cpuPercent).padStart(4)}% of a core   RSS ${mib(r.redis.rssMib)} MiB, used_memory ${mib(r.redis.usedMemoryMib)} MiB`,
    `  load generator CPU ${pct(r.loadGenerator.cpuPercent).padStart(4)}% of a core   RSS ${mib(r.loadGenerator.rssMib)} MiB (heap ${mib(r.loadGenerator.heapUsedMib)} MiB); ` +
      `event loop waited for a CPU ${pct(r.loadGenerator.waitingForCpuPercent ?? NaN)}% of the window`,
    `  machine        CPU ${pct(r.machine.busyPercent).padStart(4)}% of ${r.machine.cores * 100}% busy, ${pct(r.machine.otherPercent)}% of it ` +
      `other processes; load average ${r.machine.loadAverage.toFixed(1)}`,
  ];
}

/**
 * Whether other work on the machine took enough CPU from the server to matter: its event
 * loop (on average, with several processes) was ready but waiting for a core more than a
 * tenth of the window.
 */
export function contended(r: Pick<StepResult, 'resources'>): boolean {
  const { waitingForCpuPercent, processes } = r.resources.server;
  return (waitingForCpuPercent ?? 0) / processes > 10;
}

function connectionLines(c: StepResult['connections']): string[] {
  const failures = Object.entries(c.failures).sort((a, b) => b[1] - a[1]);
  const closed = Object.entries(c.serverClosed);
  if (failures.length === 0 && closed.length === 0) return ['  connections: none failed during the step'];
  return [
    `  connections that failed during the step (warm-up and drain included): ${failures.reduce((sum, [, n]) => sum + n, 0)}`,
    ...failures.map(([kind, count]) => `    ${String(count).padStart(6)}  ${kind}`),
    ...(closed.length > 0 ? [`  the server's slow-request limiter closed: ${closed.map(([kind, count]) => `${kind} ×${count}`).join(', ')}`] : []),
  ];
}

export function printStep(r: StepResult): void {
  const s = r.setupSeconds;
  const errorKinds = Object.entries(r.errors.byKind).sort((a, b) => b[1] - a[1]);
  const expected = Object.entries(r.errors.expected);
  const lines = [
    '',
    `step ${r.step}: ${r.users} users, ${r.channels} channels — set-up ${s.total} s (users ${s.users} s, channels ${s.channels} s, ` +
      `history ${s.history} s, register + park ${s.register} s)`,
    `  measured ${r.seconds} s: ${r.requests} requests, ${r.requestsPerSecond}/s (and ${r.pollsAnswered} polls answered, ${r.pollsPerSecond}/s)`,
    `  events on the queues: ${Object.entries(r.events).sort((a, b) => b[1] - a[1]).map(([type, count]) => `${type} ${count}`).join(', ')}`,
    `  ${'action'.padEnd(18)} ${'count'.padStart(6)} ${'avg ms'.padStart(8)} ${'p99 ms'.padStart(8)}`,
    ...Object.entries(r.actions).map(
      ([action, f]) => `  ${action.padEnd(18)} ${String(f.count).padStart(6)} ${ms(f.averageMs).padStart(8)} ${ms(f.p99Ms).padStart(8)}`,
    ),
    `  ${'all actions'.padEnd(18)} ${String(r.requests).padStart(6)} ${ms(r.averageMs).padStart(8)} ${ms(r.p99Ms).padStart(8)}`,
    `  errors: ${r.errors.count} (${r.errors.percent.toFixed(3)}% of ${r.errors.httpRequests} HTTP requests, polls included)`,
    ...errorKinds.map(([kind, count]) => `    ${String(count).padStart(6)}  ${kind}${r.errors.samples[kind] ? ` ("${r.errors.samples[kind]}")` : ''}`),
    ...(expected.length > 0 ? [`  not errors: ${expected.map(([kind, count]) => `${kind} ×${count}`).join(', ')}`] : []),
    `  delivery: ${r.delivery.messages} messages, ${r.delivery.delivered} of ${r.delivery.expected} queue deliveries ` +
      `(${r.delivery.missing} missing after the drain, ${r.delivery.duplicates} duplicates); ` +
      `POST issued to arrival p50 ${ms(r.delivery.p50Ms)} ms, p99 ${ms(r.delivery.p99Ms)} ms`,
    ...connectionLines(r.connections),
    ...formatResources(r.resources),
    `  pool           ${ms(r.pool.busyMean)} connections busy, ${ms(r.pool.waitingMean)} requests waiting for one (most ${ms(r.pool.waitingMax)}), ` +
      `mean of ${r.pool.samples} samples`,
    `  ${r.healthy ? 'HEALTHY' : `UNHEALTHY: ${r.reasons.join('; ')}`}`,
    ...(contended(r)
      ? [`  warning: the server's event loop waited for a CPU ${pct(r.resources.server.waitingForCpuPercent ?? NaN)}% of the window ` +
          `(other processes used ${pct(r.resources.machine.otherPercent)}% of a core): these figures are the machine's as much as the server's`]
      : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}
