import * as os from 'node:os';
import { percentile } from './harness';
import type { BigChannelOptions } from './big-channel';
import type { SetupClock } from './big-channel-setup';

/** The targets the figures are printed beside. */
export const TARGETS = { postMs: 500, everyPollMs: 2000, zulipEveryPollMs: 5000 };

/** What one send measured; milliseconds from issuing its POST, NaN where nothing was measured. */
export interface RoundResult {
  index: number;
  postStatus: number;
  postMs: number;
  /** Polls running when the message was sent, and how many answered with it within `--deliver-seconds`. */
  expected: number;
  delivered: number;
  /** Answers after `--deliver-seconds`, and polls that never answered with the message (final at the end of the run). */
  late: number;
  missing: number;
  duplicates: number;
  /** Until the last poll answered; NaN when some did not in time. */
  lastDeliveryMs: number;
  /** Per-poll delivery, late answers included. */
  p50Ms: number;
  p99Ms: number;
  /** From the last delivery (or the deadline) until the server counted every poll parked again. */
  reparkMs: number;
  serverCpuToDelivered: number;
  serverCpuToReparked: number;
  rssBeforeBytes: number;
  rssPeakBytes: number;
  clientCpuSeconds: number;
  clientLoopDelayMaxMs: number;
}

export interface Report {
  storage: string;
  users: number;
  options: BigChannelOptions;
  setup: SetupClock;
  subscribeChunkSeconds: number[];
  rounds: RoundResult[];
  anomalies: { unknownMessages: number; pollErrors: number; heartbeats: number; liveLoops: number };
}

const MB = 2 ** 20;

export function printReport(report: Report): void {
  const { rounds, setup, options } = report;
  const ok = rounds.filter((round) => round.postStatus === 200);
  const postMs = percentile(ok.map((round) => round.postMs), 50);
  // A send that never reached every poll counts as infinitely slow in the median.
  const everyPollMs = percentile(rounds.map((round) => (Number.isNaN(round.lastDeliveryMs) ? Infinity : round.lastDeliveryMs)), 50);
  const lines = [
    '',
    `big-channel — ${report.storage}; ${report.users} subscribers of one channel, each with one event queue and one parked long-poll; ` +
      `${rounds.length} send${rounds.length === 1 ? '' : 's'}, one at a time`,
    // The bench client shares the machine with the server (and maybe with others): a busy
    // machine delays both, and shows here.
    `machine: ${os.cpus().length} cores, load average ${os.loadavg().map((load) => load.toFixed(1)).join(' / ')} (1 / 5 / 15 min) at the end`,
    `set-up ${setup.totalSeconds.toFixed(1)} s:`,
    ...setup.steps.map(
      (step) => `  ${step.name.padEnd(10)} ${step.seconds.toFixed(1).padStart(7)} s  server CPU ${step.serverCpuSeconds.toFixed(1).padStart(6)} s` +
        `  RSS ${(step.serverRssBytes / MB).toFixed(0).padStart(5)} MB` +
        `${step.detail ? `  (${step.detail})` : ''}`,
    ),
    '',
    row(['', 'POST /messages', 'every poll answered', 'per-poll p50', 'p99', 'missing', 'dup', 'late', 'server CPU s', 'server RSS MB', 'client CPU s']),
    row(['send', `≤ ${TARGETS.postMs} ms`, `≤ ${TARGETS.everyPollMs} ms (Zulip ~${TARGETS.zulipEveryPollMs / 1000} s)`, 'ms', 'ms', '', '', '',
      'last / parked', 'before → peak', '/ lag ms']),
    ...rounds.map((round) =>
      row([
        String(round.index + 1),
        `${round.postStatus === 200 ? ms(round.postMs) : `HTTP ${round.postStatus}`} ${mark(round.postMs, TARGETS.postMs)}`,
        `${Number.isNaN(round.lastDeliveryMs) ? `> ${options.deliverSeconds} s` : ms(round.lastDeliveryMs)} ${mark(round.lastDeliveryMs, TARGETS.everyPollMs)}`,
        ms(round.p50Ms),
        ms(round.p99Ms),
        String(round.missing),
        String(round.duplicates),
        String(round.late),
        `${fixed(round.serverCpuToDelivered)} / ${fixed(round.serverCpuToReparked)}`,
        `${(round.rssBeforeBytes / MB).toFixed(0)} → ${(round.rssPeakBytes / MB).toFixed(0)}`,
        `${fixed(round.clientCpuSeconds)} / ${ms(round.clientLoopDelayMaxMs)}`,
      ]),
    ),
    '',
    `median POST /messages: ${ms(postMs)} ms (target ≤ ${TARGETS.postMs} ms: ${verdict(postMs, TARGETS.postMs)})`,
    `median time until every parked poll answered: ${Number.isFinite(everyPollMs) ? `${ms(everyPollMs)} ms` : `over ${options.deliverSeconds} s`} ` +
      `(target ≤ ${TARGETS.everyPollMs} ms: ${verdict(everyPollMs, TARGETS.everyPollMs)}; Zulip needs about ${TARGETS.zulipEveryPollMs} ms)`,
    `deliveries: ${sum(rounds, (round) => round.delivered)} of ${sum(rounds, (round) => round.expected)} within ${options.deliverSeconds} s ` +
      `(--deliver-seconds), ${sum(rounds, (round) => round.late)} later, ${sum(rounds, (round) => round.missing)} never; ` +
      `${sum(rounds, (round) => round.duplicates)} duplicates`,
    `every poll parked again (the server's count) ${fixed(median(rounds, (round) => round.reparkMs) / 1000)} s after the last answer ` +
      `(median; longest ${fixed(Math.max(...rounds.map((round) => round.reparkMs)) / 1000)} s)`,
    `server CPU per send (median): ${fixed(median(rounds, (round) => round.serverCpuToDelivered))} s until the last poll answered, ` +
      `${fixed(median(rounds, (round) => round.serverCpuToReparked))} s until every poll was parked again; ` +
      `resident memory up to ${(Math.max(...rounds.map((round) => round.rssPeakBytes)) / MB).toFixed(0)} MB`,
    'server CPU: from the POST until the last poll answered / until every poll was parked again. ' +
      "lag: this client's longest event-loop delay in the send; it answers every poll on one thread, and its delay is in the times above",
  ];
  const { anomalies } = report;
  if (anomalies.unknownMessages || anomalies.pollErrors || anomalies.heartbeats || anomalies.liveLoops !== report.users) {
    lines.push(
      `anomalies: ${anomalies.pollErrors} poll errors, ${anomalies.unknownMessages} unknown messages, ${anomalies.heartbeats} heartbeats, ` +
        `${anomalies.liveLoops} of ${report.users} polls still running`,
    );
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  if (!options.json) return;
  const summary = {
    bench: 'big-channel',
    storage: report.storage,
    users: report.users,
    sends: rounds.length,
    load_average: os.loadavg().map(round2),
    targets_ms: { post: TARGETS.postMs, every_poll_answered: TARGETS.everyPollMs, zulip_every_poll_answered: TARGETS.zulipEveryPollMs },
    setup_seconds: Object.fromEntries(setup.steps.map((step) => [step.name, round1(step.seconds)])),
    setup_server_cpu_seconds: Object.fromEntries(setup.steps.map((step) => [step.name, round1(step.serverCpuSeconds)])),
    subscribe_request_seconds: report.subscribeChunkSeconds.map(round1),
    median_post_ms: round1(postMs),
    median_every_poll_answered_ms: Number.isFinite(everyPollMs) ? round1(everyPollMs) : null,
    rounds: rounds.map((round) => ({
      send: round.index + 1,
      post_status: round.postStatus,
      post_ms: round1(round.postMs),
      every_poll_answered_ms: Number.isNaN(round.lastDeliveryMs) ? null : round1(round.lastDeliveryMs),
      per_poll_ms: { p50: round1(round.p50Ms), p99: round1(round.p99Ms) },
      polls: round.expected,
      delivered: round.delivered,
      missing: round.missing,
      duplicates: round.duplicates,
      late: round.late,
      repark_ms: round1(round.reparkMs),
      server_cpu_seconds: { to_last_delivery: round2(round.serverCpuToDelivered), to_reparked: round2(round.serverCpuToReparked) },
      server_rss_mb: { before: round1(round.rssBeforeBytes / MB), peak: round1(round.rssPeakBytes / MB) },
      client_cpu_seconds: round2(round.clientCpuSeconds),
      client_loop_delay_max_ms: round1(round.clientLoopDelayMaxMs),
    })),
    anomalies: { poll_errors: anomalies.pollErrors, unknown_messages: anomalies.unknownMessages, heartbeats: anomalies.heartbeats },
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
}

/** The table's columns, right-aligned (the send number left). */
const WIDTHS = [4, 16, 25, 13, 7, 8, 4, 5, 15, 15, 13];

function row(cells: readonly string[]): string {
  return cells.map((cell, i) => (i === 0 ? cell.padEnd(WIDTHS[i]) : cell.padStart(WIDTHS[i]))).join(' ').trimEnd();
}

function mark(value: number, target: number): string {
  return Number.isNaN(value) || value > target ? '✗' : '✓';
}

function verdict(value: number, target: number): string {
  if (Number.isNaN(value)) return 'not measured';
  if (!Number.isFinite(value)) return 'missed';
  return value <= target ? 'met' : `missed, ${(value / target).toFixed(1)}×`;
}

function sum(rounds: readonly RoundResult[], pick: (round: RoundResult) => number): number {
  return rounds.reduce((total, round) => total + pick(round), 0);
}

function median(rounds: readonly RoundResult[], pick: (round: RoundResult) => number): number {
  return percentile(rounds.map(pick), 50);
}

const ms = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(0));
const fixed = (value: number) => (Number.isNaN(value) ? '—' : value.toFixed(1));
const round1 = (value: number) => (Number.isFinite(value) ? Math.round(value * 10) / 10 : null);
const round2 = (value: number) => (Number.isFinite(value) ? Math.round(value * 100) / 100 : null);
