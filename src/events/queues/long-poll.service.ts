import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config';
import { ApiError } from '../../shared/api-error';
import { EventQueueStore } from './event-queue-store';
import { HeartbeatWheel } from './heartbeat-wheel';
import { QueueReadResult, QueueSignal, QueuedEvent } from './queue-descriptor';

/** How a parked poll ends: with events (maybe none), or with an error for the filter to render. */
type PollOutcome = { events: QueuedEvent[] } | { error: unknown };

interface ParkedPoll {
  /** The poll's sequence number on its queue: a poll with a higher one supersedes it. */
  seq: number;
  queueId: string;
  lastEventId: number;
  settle: (outcome: PollOutcome) => void;
  /** When the poll's first read ran: it counted as activity on the queue. */
  readAt: number;
  /** The heartbeat wheel's slot the poll waits in (see HeartbeatWheel). */
  heartbeatSlot: number;
  /** A read is running; `again` asks for one more when it ends (a signal came meanwhile). */
  reading: boolean;
  again: boolean;
  done: boolean;
}

/**
 * The long-poll side of `GET /events` in this process: a poll with nothing to return parks
 * until its queue has news (from any process), a heartbeat is due, or a newer poll on the
 * same queue supersedes it. Polls are numbered per queue by the store, and every read of a
 * parked poll also learns the newest number, so a poll superseded in another process ends
 * even if the signal saying so arrives late or not at all.
 */
@Injectable()
export class LongPollService implements OnApplicationShutdown {
  private readonly parked = new Map<string, ParkedPoll>();
  private readonly heartbeats: HeartbeatWheel<ParkedPoll>;
  /** Queues whose poll ended in this turn of the event loop: their idle clocks restart together. */
  private readonly ended = new Set<string>();
  /** Set once the process shuts down: polls answer at once instead of parking. */
  private closing = false;

  constructor(
    private readonly store: EventQueueStore,
    private readonly config: AppConfig,
  ) {
    store.onSignal((signal) => this.onSignal(signal));
    this.heartbeats = new HeartbeatWheel(config.heartbeatSeconds * 1000, (due) => void this.sendHeartbeats(due));
  }

  /**
   * Queue ids with a poll parked here: their idle clock does not run. With `readBefore`,
   * only those whose poll last read its queue (which pushed the queue's deadline out by
   * its lifespan) at or before that time.
   */
  parkedQueueIds(readBefore = Infinity): string[] {
    const queueIds: string[] = [];
    for (const poll of this.parked.values()) if (poll.readAt <= readBefore) queueIds.push(poll.queueId);
    return queueIds;
  }

  /**
   * One `GET /events`: acknowledges through `lastEventId`, then answers at once with the
   * newer events (or with none under `dontBlock`), else waits for news or a heartbeat. As
   * in Zulip, a new request on a queue ends the one waiting on it, in whichever process.
   */
  async fetch(queueId: string, lastEventId: number, dontBlock: boolean, aborted: AbortSignal): Promise<QueuedEvent[]> {
    const readAt = Date.now();
    const first = await this.store.read(queueId, lastEventId, readAt);
    const events = eventsOrThrow(first, queueId, lastEventId);
    const previous = this.parked.get(queueId);
    if (previous) this.finish(previous, { events: [] });
    if (events.length > 0 || dontBlock || aborted.aborted || this.closing) {
      // Still a new poll: one waiting on the queue elsewhere ends.
      void this.store.announcePoll(queueId).catch(() => undefined);
      return events;
    }
    const seq = await this.store.announcePoll(queueId);
    if (seq < 0) throw ApiError.badEventQueue(queueId);
    const current = this.parked.get(queueId);
    // Another request on the queue got here first and is newer: this one has nothing to wait for.
    if (aborted.aborted || this.closing || (current && current.seq > seq)) return [];
    if (current) this.finish(current, { events: [] });
    return this.park(queueId, seq, lastEventId, readAt, aborted);
  }

  /**
   * Answers every parked poll now (no events; the client polls again, on another process
   * or after the restart) and parks no more: the HTTP server waits for requests in flight
   * before it closes, and a parked poll would hold it until its heartbeat.
   */
  release(): void {
    this.closing = true;
    for (const poll of [...this.parked.values()]) this.finish(poll, { events: [] });
  }

  onApplicationShutdown(): void {
    this.release();
    // Now, while the store is still open.
    this.keepEndedAlive();
    this.heartbeats.stop();
  }

  private park(queueId: string, seq: number, lastEventId: number, readAt: number, aborted: AbortSignal): Promise<QueuedEvent[]> {
    return new Promise<QueuedEvent[]>((resolve, reject) => {
      const poll: ParkedPoll = {
        seq,
        queueId,
        lastEventId,
        readAt,
        reading: false,
        again: false,
        done: false,
        heartbeatSlot: 0,
        settle: (outcome) => ('error' in outcome ? reject(outcome.error) : resolve(outcome.events)),
      };
      this.parked.set(queueId, poll);
      poll.heartbeatSlot = this.heartbeats.add(poll);
      // A client that went away gets an empty answer nobody reads; the request still ends.
      aborted.addEventListener('abort', () => this.finish(poll, { events: [] }), { once: true });
      // Anything appended between the first read and parking is picked up here.
      void this.check(poll);
    });
  }

  private onSignal(signal: QueueSignal): void {
    if (signal.kind === 'appended') {
      for (const queueId of signal.queueIds) {
        const poll = this.parked.get(queueId);
        if (poll) void this.check(poll);
      }
    } else if (signal.kind === 'resync') {
      // Signals sent while the store's notifications were down are lost: every parked poll
      // reads its queue again (and learns if the queue itself was lost).
      for (const poll of [...this.parked.values()]) void this.check(poll);
    } else if (signal.kind === 'removed') {
      for (const queueId of signal.queueIds) {
        const poll = this.parked.get(queueId);
        if (poll) this.finish(poll, { error: ApiError.badEventQueue(queueId) });
      }
    } else {
      const poll = this.parked.get(signal.queueId);
      if (poll && signal.seq > poll.seq) this.finish(poll, { events: [] });
    }
  }

  private async check(poll: ParkedPoll): Promise<void> {
    if (poll.done) return;
    if (poll.reading) {
      poll.again = true;
      return;
    }
    poll.reading = true;
    try {
      do {
        poll.again = false;
        const result = await this.store.read(poll.queueId, poll.lastEventId, Date.now());
        if (poll.done) return;
        if (result.kind !== 'events') {
          this.finish(poll, { error: readError(result, poll.queueId, poll.lastEventId) });
          return;
        }
        if (result.newestPoll > poll.seq) {
          this.finish(poll, { events: [] });
          return;
        }
        if (result.events.length > 0) {
          this.finish(poll, { events: result.events });
          return;
        }
      } while (poll.again);
    } catch (error) {
      // The exception filter renders it (storage that cannot be reached is a 503).
      this.finish(poll, { error });
    } finally {
      poll.reading = false;
    }
  }

  /** One pipelined append for every poll whose heartbeat fell due in the same slot. */
  private async sendHeartbeats(due: readonly ParkedPoll[]): Promise<void> {
    const waiting = due.filter((poll) => !poll.done);
    if (waiting.length === 0) return;
    try {
      await this.store.append(waiting.map((poll) => ({ queueId: poll.queueId, event: { type: 'heartbeat' } })));
    } catch {
      for (const poll of waiting) this.finish(poll, { events: [] });
      return;
    }
    // The append signal would do it too; reading here does not depend on pub/sub.
    for (const poll of waiting) void this.check(poll);
  }

  private finish(poll: ParkedPoll, outcome: PollOutcome): void {
    if (poll.done) return;
    poll.done = true;
    this.heartbeats.remove(poll, poll.heartbeatSlot);
    if (this.parked.get(poll.queueId) === poll) this.parked.delete(poll.queueId);
    // The queue's idle clock restarts when its poll ends; polls ending together share one call.
    if (this.ended.size === 0) setImmediate(() => this.keepEndedAlive());
    this.ended.add(poll.queueId);
    poll.settle(outcome);
  }

  private keepEndedAlive(): void {
    if (this.ended.size === 0) return;
    const queueIds = [...this.ended];
    this.ended.clear();
    void this.store.keepAlive(queueIds, Date.now()).catch(() => undefined);
  }
}

function eventsOrThrow(result: QueueReadResult, queueId: string, lastEventId: number): QueuedEvent[] {
  if (result.kind === 'events') return result.events;
  throw readError(result, queueId, lastEventId);
}

function readError(result: Exclude<QueueReadResult, { kind: 'events' }>, queueId: string, lastEventId: number): ApiError {
  switch (result.kind) {
    case 'missing':
      return ApiError.badEventQueue(queueId);
    case 'already-pruned':
      return ApiError.badRequest(`An event newer than ${lastEventId} has already been pruned!`);
    case 'not-in-queue':
      return ApiError.badRequest(`Event ${lastEventId} was not in this queue`);
  }
}
