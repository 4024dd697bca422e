import { percentile } from './harness';
import type { SendOptions } from './send';
import { Phase, Tracker } from './send-tracking';
import { medianRun, YARDSTICK_DRAIN_SECONDS, YardstickResults, YardstickRun } from './yardstick-runner';

/**
 * The send bench's report: each phase's figures with the yardstick's beside them, a
 * comparison table and the gates, and all of it as one JSON line with `--json`.
 */

/** The gates the send path must meet; they are set for 100 pollers at 20 sends/s. */
const GATES = { users: 100, rate: 20, maxRatio: 0.8, deliveryP50Ms: 15, postP50Ms: 10 };

export interface SendReport {
  fixed: Phase;
  burst: Phase;
  tracker: Tracker;
  options: SendOptions;
  storage: string;
  yardstick: YardstickResults;
  /** Fully delivered messages per second of each as-fast-as-possible round, the yardstick's and ours. */
  rounds: RoundPair[];
}

export interface RoundPair {
  yardstick: number;
  ours: number;
}

/** The headline: messages that reached every queue within the yardstick's drain wait, per second of the window. */
export function headlinePerSecond(phase: Phase): number {
  const seconds = phase.windowSeconds;
  return seconds > 0 ? phase.fullyDeliveredWithin(YARDSTICK_DRAIN_SECONDS) / seconds : 0;
}

interface Gate {
  gate: string;
  value: number;
  target: number;
  /** How the value prints: a ratio, or milliseconds. */
  unit: 'ratio' | 'ms';
  /** null: no figure to judge (the yardstick did not run). */
  met: boolean | null;
}

export function report({ fixed, burst, tracker, options, storage, yardstick, rounds }: SendReport): void {
  const queues = options.users;
  const ranYardstick = yardstick.skipped === null;
  const order = ranYardstick
    ? `the yardstick (${yardstick.file}) ran first, our server started but idle; then ours`
    : `ours only; the yardstick: ${yardstick.skipped}`;
  const lines = [
    `\nsend benchmark — storage: ${storage}; ${queues} users/queues on one channel; ${options.senders} senders, ` +
      'each sending when its previous POST answered',
    `order: ${order}`,
  ];
  // The run in the middle stands for the yardstick when it ran more than once.
  const yardFixed = medianRun(yardstick.fixed, (run) => run.deliveryMs.p50);
  const yardMax = medianRun(yardstick.max, (run) => run.deliveredPerSecond);
  const results = [
    phaseResult(fixed, queues, lines, ranYardstick ? yardstickLines(yardFixed, yardstick.fixed.length, false) : []),
    phaseResult(burst, queues, lines, ranYardstick ? yardstickLines(yardMax, yardstick.max.length, true) : []),
  ];
  const [fixedResult, burstResult] = results;
  for (const error of yardstick.errors) lines.push(`\nyardstick failed: ${error}`);
  if (tracker.duplicates || tracker.unknownMessages || tracker.pollErrors) {
    lines.push(`\nanomalies: ${tracker.duplicates} duplicate deliveries, ${tracker.unknownMessages} unknown messages, ${tracker.pollErrors} poll errors`);
  }

  const ours = burstResult.headline_per_second;
  let ratio = yardMax && yardMax.deliveredPerSecond > 0 ? ours / yardMax.deliveredPerSecond : NaN;
  lines.push('', ...comparisonTable(options, { fixed: fixedResult, burst: burstResult }, yardFixed, yardMax, ratio, ranYardstick));
  const ratios = rounds.map((pair) => pair.ours / pair.yardstick).filter(Number.isFinite);
  if (rounds.length > 1) {
    ratio = median(ratios);
    lines.push(
      '',
      `as fast as possible, ${rounds.length} rounds taking turns (yardstick, then ours):`,
      '| round | yardstick msg/s | ours msg/s | ratio |',
      '|---:|---:|---:|---:|',
      ...rounds.map((pair, index) => `| ${index + 1} | ${fmt(pair.yardstick)} | ${fmt(pair.ours)} | ${fmt2(pair.ours / pair.yardstick)} |`),
      `median ratio ${fmt2(ratio)} (the gate below uses it)`,
    );
  }
  // On a box where the yardstick itself delivers slowly, the gate is twice its p50.
  const deliveryTargetMs = Math.max(GATES.deliveryP50Ms, yardFixed ? 2 * yardFixed.deliveryMs.p50 : 0);
  const gates: Gate[] = [
    gate(`max sends/s ≥ ${GATES.maxRatio}× the yardstick's`, ratio, GATES.maxRatio, 'ratio', (v) => v >= GATES.maxRatio),
    gate(
      yardFixed
        ? `delivery p50 ≤ max(${GATES.deliveryP50Ms} ms, 2× the yardstick's ${fmt(yardFixed.deliveryMs.p50)} ms) at the fixed rate`
        : `delivery p50 ≤ ${GATES.deliveryP50Ms} ms at the fixed rate`,
      fixedResult.delivery_ms.p50,
      deliveryTargetMs,
      'ms',
      (v) => v <= deliveryTargetMs,
    ),
    gate(`POST /messages p50 ≤ ${GATES.postP50Ms} ms at the fixed rate`, fixedResult.post_ms.p50, GATES.postP50Ms, 'ms', (v) => v <= GATES.postP50Ms),
  ];
  const gatesApply = options.users === GATES.users && options.rate === GATES.rate;
  lines.push(
    '',
    `gates (set for ${GATES.users} pollers at ${GATES.rate} sends/s${gatesApply ? '' : `; this run: ${options.users} pollers at ${options.rate} sends/s, so for reference only`}):`,
    ...gates.map((g) => `  ${g.gate}: ${g.met === null ? 'no yardstick figure' : `${g.unit === 'ratio' ? fmt2(g.value) : `${fmt(g.value)} ms`} — ${g.met ? 'met' : 'missed'}`}`),
  );
  process.stdout.write(`${lines.join('\n')}\n`);

  if (options.json) {
    const json = {
      bench: 'send',
      storage,
      users: queues,
      senders: options.senders,
      order,
      phases: results,
      yardstick: {
        file: yardstick.file,
        skipped: yardstick.skipped,
        errors: yardstick.errors,
        fixed: yardFixed && runJson(yardFixed),
        max: yardMax && runJson(yardMax),
        runs: { fixed: yardstick.fixed.map(runJson), max: yardstick.max.map(runJson) },
      },
      comparison: {
        max_delivered_per_second: { yardstick: yardMax ? round(yardMax.deliveredPerSecond) : null, ours: round(ours), ratio: roundOrNull(ratio, 100) },
        rounds: rounds.map((pair) => ({ yardstick: round(pair.yardstick), ours: round(pair.ours) })),
        gates: gates.map((g) => ({ ...g, value: roundOrNull(g.value, 100), applies: gatesApply })),
      },
    };
    process.stdout.write(`${JSON.stringify(json)}\n`);
  }
}

type PhaseResult = ReturnType<typeof phaseResult>;

/** A phase's figures, printed into `lines` with the yardstick's `beside` them, and answered for the JSON. */
function phaseResult(phase: Phase, queues: number, lines: string[], beside: string[]) {
  const sendSeconds = phase.windowSeconds;
  const deliverSeconds = (phase.lastFullDelivery - phase.start) / 1000;
  const within = phase.fullyDeliveredWithin(YARDSTICK_DRAIN_SECONDS);
  const result = {
    phase: phase.name,
    description: phase.description,
    sent: phase.accepted.length,
    post_errors: phase.postErrors,
    window_seconds: round(sendSeconds),
    sent_per_second: round(sendSeconds > 0 ? phase.accepted.length / sendSeconds : 0),
    fully_delivered: phase.fullyDelivered,
    delivered_per_second: round(deliverSeconds > 0 ? phase.fullyDelivered / deliverSeconds : 0),
    fully_delivered_within_5s: within,
    headline_per_second: round(headlinePerSecond(phase)),
    deliveries: phase.deliveryLatencies.length,
    expected_deliveries: phase.accepted.length * queues,
    post_ms: { p50: round(percentile(phase.postLatencies, 50)), p99: round(percentile(phase.postLatencies, 99)) },
    delivery_ms: { p50: round(percentile(phase.deliveryLatencies, 50)), p99: round(percentile(phase.deliveryLatencies, 99)) },
    last_queue_ms: { p50: round(percentile(phase.fullLatencies, 50)), p99: round(percentile(phase.fullLatencies, 99)) },
    cpu_seconds: { server: round(phase.serverCpu), bench: round(phase.benchCpu) },
    poll_answers_per_message: round(phase.accepted.length > 0 ? phase.pollAnswers / phase.accepted.length : 0),
  };
  lines.push(
    `\n${phase.name} (${phase.description}):`,
    `  messages/s         sent ${fmt(result.sent_per_second)} (${result.sent} ok, ${result.post_errors} failed, ` +
      `${fmt(result.window_seconds)} s to the last answer), fully delivered ${fmt(result.delivered_per_second)} ` +
      `(${result.fully_delivered} to all ${queues} queues)`,
    `  headline           ${fmt(result.headline_per_second)} messages/s: ${within} of ${result.sent} reached every queue ` +
      `within ${YARDSTICK_DRAIN_SECONDS} s of the last answer, over the ${fmt(result.window_seconds)} s window`,
    `  POST /messages     p50 ${fmt(result.post_ms.p50)} ms   p99 ${fmt(result.post_ms.p99)} ms`,
    `  delivery latency   p50 ${fmt(result.delivery_ms.p50)} ms   p99 ${fmt(result.delivery_ms.p99)} ms` +
      `   (${result.deliveries} of ${result.expected_deliveries} message×queue deliveries)`,
    `  to the last queue  p50 ${fmt(result.last_queue_ms.p50)} ms   p99 ${fmt(result.last_queue_ms.p99)} ms`,
    `  poll answers       ${fmt(result.poll_answers_per_message)} per message (a poller behind gets several messages in one)`,
    `  CPU                server ${fmt(result.cpu_seconds.server)} s, bench client ${fmt(result.cpu_seconds.bench)} s ` +
      `in ${fmt(phase.cpuWallSeconds)} s of wall time`,
    ...beside,
  );
  return result;
}

/** The yardstick's figures for the same shape, to print under ours. */
function yardstickLines(run: YardstickRun | null, runs: number, headline: boolean): string[] {
  if (!run) return ['  yardstick          — (failed, see below)'];
  const percent = run.expectedEvents > 0 ? (100 * run.deliveredEvents) / run.expectedEvents : NaN;
  return [
    `  yardstick${runs > 1 ? ` (median of ${runs})` : ''}`.padEnd(21) +
      `sent ${fmt(run.sendsPerSecond)}/s (${run.sent} in ${fmt(run.elapsedSeconds)} s), ${run.deliveredEvents} of ` +
      `${run.expectedEvents} deliveries within ${YARDSTICK_DRAIN_SECONDS} s (${fmt(percent)}%)` +
      (headline ? `: ${fmt(run.deliveredPerSecond)} messages/s` : ''),
    `                     delivery p50 ${fmt(run.deliveryMs.p50)} ms   p99 ${fmt(run.deliveryMs.p99)} ms`,
  ];
}

/** The short side-by-side table (Markdown), with notes where a figure is not what its row says. */
function comparisonTable(
  options: SendOptions,
  ours: { fixed: PhaseResult; burst: PhaseResult },
  yardFixed: YardstickRun | null,
  yardMax: YardstickRun | null,
  ratio: number,
  withYardstick: boolean,
): string[] {
  const rows: Array<[string, string, string, string]> = [
    ['max sends/s, every event delivered', yardMax ? fmt(yardMax.deliveredPerSecond) : '—', fmt(ours.burst.headline_per_second), fmt2(ratio)],
    [
      `delivery p50 / p99 at ${options.rate} sends/s`,
      yardFixed ? `${fmt(yardFixed.deliveryMs.p50)} / ${fmt(yardFixed.deliveryMs.p99)} ms` : '—',
      `${fmt(ours.fixed.delivery_ms.p50)} / ${fmt(ours.fixed.delivery_ms.p99)} ms`,
      '',
    ],
    [`POST p50 / p99 at ${options.rate} sends/s`, '—', `${fmt(ours.fixed.post_ms.p50)} / ${fmt(ours.fixed.post_ms.p99)} ms`, ''],
  ];
  const table = withYardstick
    ? ['| | yardstick | ours | ratio |', '|---|---:|---:|---:|', ...rows.map(([what, yard, us, r]) => `| ${what} | ${yard} | ${us} | ${r} |`)]
    : ['| | ours |', '|---|---:|', ...rows.map(([what, , us]) => `| ${what} | ${us} |`)];
  const notes: string[] = [];
  if (yardMax && yardMax.deliveredEvents < yardMax.expectedEvents) {
    notes.push(`the yardstick delivered ${yardMax.deliveredEvents} of ${yardMax.expectedEvents} events within ${YARDSTICK_DRAIN_SECONDS} s: its figure counts delivered events, not sends`);
  }
  if (ours.burst.fully_delivered_within_5s < ours.burst.sent) {
    notes.push(`${ours.burst.sent - ours.burst.fully_delivered_within_5s} of our ${ours.burst.sent} messages had not reached every queue within ${YARDSTICK_DRAIN_SECONDS} s: not counted`);
  }
  // Closed-loop senders fall behind the schedule when answers are slow: say at what rate the latencies really are.
  for (const [who, achieved] of [['ours', ours.fixed.sent_per_second], ['the yardstick', yardFixed?.sendsPerSecond ?? NaN]] as const) {
    if (achieved < 0.95 * options.rate) {
      notes.push(`${who} reached ${fmt(achieved)} sends/s, not ${options.rate}: ${options.senders} senders each waiting for its answer could not keep the schedule`);
    }
  }
  return [...table, ...notes.map((note) => `note: ${note}`)];
}

function gate(name: string, value: number, target: number, unit: Gate['unit'], pass: (value: number) => boolean): Gate {
  return { gate: name, value, target, unit, met: Number.isNaN(value) ? null : pass(value) };
}

function runJson(run: YardstickRun) {
  return {
    rate: run.rate,
    elapsed_seconds: run.elapsedSeconds,
    sent: run.sent,
    sends_per_second: round(run.sendsPerSecond),
    delivered_events: run.deliveredEvents,
    expected_events: run.expectedEvents,
    delivered_per_second: round(run.deliveredPerSecond),
    delivery_ms: { p50: roundOrNull(run.deliveryMs.p50, 10), p99: roundOrNull(run.deliveryMs.p99, 10) },
  };
}

function round(value: number): number {
  return Math.round(value * 10) / 10;
}

/** JSON has no NaN: a missing figure is null. */
function roundOrNull(value: number, scale: number): number | null {
  return Number.isFinite(value) ? Math.round(value * scale) / scale : null;
}

export function fmt(value: number): string {
  return Number.isNaN(value) ? '—' : value.toFixed(1);
}

function fmt2(value: number): string {
  return Number.isNaN(value) ? '—' : value.toFixed(2);
}

/** The middle value (the mean of the two middle ones for an even count); NaN for none. */
function median(values: readonly number[]): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
