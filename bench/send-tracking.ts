import { performance } from 'node:perf_hooks';

/** What the send bench writes into each message's content, so every event finds its POST. */
export const MARKER = /bench-seq-(\d+)/;

/** What one phase of the send bench measured; times are `performance.now()` milliseconds. */
export class Phase {
  readonly postLatencies: number[] = [];
  readonly deliveryLatencies: number[] = [];
  /** Issue-to-last-queue time of each fully delivered message. */
  readonly fullLatencies: number[] = [];
  /** When each fully delivered message reached its last queue. */
  readonly fullDeliveryTimes: number[] = [];
  /** Sequence numbers whose POST succeeded. */
  readonly accepted: number[] = [];
  postErrors = 0;
  /** Poll answers that carried this phase's messages (a slow poller gets several per answer). */
  pollAnswers = 0;
  /** The window: from the first send to the last answer. */
  start = 0;
  lastResponse = 0;
  lastFullDelivery = 0;
  fullyDelivered = 0;
  /** CPU seconds used during the phase (sending and draining) by the server and by this process. */
  serverCpu = NaN;
  benchCpu = NaN;
  /** Wall-clock seconds the CPU figures cover. */
  cpuWallSeconds = NaN;

  constructor(
    readonly name: string,
    readonly description: string,
  ) {}

  get windowSeconds(): number {
    return (this.lastResponse - this.start) / 1000;
  }

  /** Messages that reached every queue at most `seconds` after the window's last answer. */
  fullyDeliveredWithin(seconds: number): number {
    const limit = this.lastResponse + seconds * 1000;
    return this.fullDeliveryTimes.filter((at) => at <= limit).length;
  }
}

interface Sent {
  phase: Phase;
  issuedAt: number;
  deliveries: number;
}

/** Matches every message event on every queue back to the POST that caused it. */
export class Tracker {
  private readonly sent = new Map<number, Sent>();
  private nextSeq = 0;
  unknownMessages = 0;
  duplicates = 0;
  pollErrors = 0;

  constructor(private readonly queues: number) {}

  issuedAt(seq: number): number | undefined {
    return this.sent.get(seq)?.issuedAt;
  }

  issue(phase: Phase): { seq: number; issuedAt: number } {
    const seq = this.nextSeq++;
    const issuedAt = performance.now();
    this.sent.set(seq, { phase, issuedAt, deliveries: 0 });
    return { seq, issuedAt };
  }

  /** Counts one delivered message; returns its phase (null: not a message this run sent). */
  delivered(content: string, at: number, seen: Set<number>): Phase | null {
    const match = MARKER.exec(content);
    const seq = match ? Number(match[1]) : -1;
    const sent = this.sent.get(seq);
    if (!sent) {
      this.unknownMessages += 1;
      return null;
    }
    if (seen.has(seq)) {
      this.duplicates += 1;
      return sent.phase;
    }
    seen.add(seq);
    sent.deliveries += 1;
    sent.phase.deliveryLatencies.push(at - sent.issuedAt);
    if (sent.deliveries === this.queues) {
      sent.phase.fullyDelivered += 1;
      sent.phase.fullLatencies.push(at - sent.issuedAt);
      sent.phase.fullDeliveryTimes.push(at);
      sent.phase.lastFullDelivery = Math.max(sent.phase.lastFullDelivery, at);
    }
    return sent.phase;
  }

  isFullyDelivered(seq: number): boolean {
    return (this.sent.get(seq)?.deliveries ?? 0) >= this.queues;
  }
}
