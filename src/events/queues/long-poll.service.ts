import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config';
import { ApiError } from '../../shared/api-error';
import { EventQueueStore } from './event-queue-store';
import { QueueReadResult, QueueSignal, QueuedEvent } from './queue-descriptor';

interface ParkedPoll {
  /** The poll's sequence number on its queue: a poll with a higher one supersedes it. */
  seq: number;
  queueId: string;
  lastEventId: number;
  settle: (outcome: { events: QueuedEvent[] } | { error: ApiError }) => void;
  heartbeat: NodeJS.Timeout;
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

  constructor(
    private readonly store: EventQueueStore,
    private readonly config: AppConfig,
  ) {
    store.onSignal((signal) => this.onSignal(signal));
  }

  /** Queue ids with a poll parked here: their idle clock does not run. */
  parkedQueueIds(): string[] {
    return [...this.parked.keys()];
  }

  /**
   * One `GET /events`: acknowledges through `lastEventId`, then answers at once with the
   * newer events (or with none under `dontBlock`), else waits for news or a heartbeat. As
   * in Zulip, a new request on a queue ends the one waiting on it, in whichever process.
   */
  async fetch(queueId: string, lastEventId: number, dontBlock: boolean, aborted: AbortSignal): Promise<QueuedEvent[]> {
    const first = await this.store.read(queueId, lastEventId, Date.now());
    const events = eventsOrThrow(first, queueId, lastEventId);
    const previous = this.parked.get(queueId);
    if (previous) this.finish(previous, { events: [] });
    if (events.length > 0 || dontBlock || aborted.aborted) {
      // Still a new poll: one waiting on the queue elsewhere ends.
      void this.store.announcePoll(queueId).catch(() => undefined);
      return events;
    }
    const seq = await this.store.announcePoll(queueId);
    if (seq < 0) throw ApiError.badEventQueue(queueId);
    const current = this.parked.get(queueId);
    // Another request on the queue got here first and is newer: this one has nothing to wait for.
    if (aborted.aborted || (current && current.seq > seq)) return [];
    if (current) this.finish(current, { events: [] });
    return this.park(queueId, seq, lastEventId, aborted);
  }

  onApplicationShutdown(): void {
    for (const poll of [...this.parked.values()]) this.finish(poll, { events: [] });
  }

  private park(queueId: string, seq: number, lastEventId: number, aborted: AbortSignal): Promise<QueuedEvent[]> {
    return new Promise<QueuedEvent[]>((resolve, reject) => {
      const poll: ParkedPoll = {
        seq,
        queueId,
        lastEventId,
        reading: false,
        again: false,
        done: false,
        heartbeat: setTimeout(() => void this.sendHeartbeat(poll), this.config.heartbeatSeconds * 1000),
        settle: (outcome) => ('error' in outcome ? reject(outcome.error) : resolve(outcome.events)),
      };
      this.parked.set(queueId, poll);
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
      this.finish(poll, { error: error instanceof ApiError ? error : new ApiError('Internal server error', 'INTERNAL_SERVER_ERROR', 500) });
    } finally {
      poll.reading = false;
    }
  }

  private async sendHeartbeat(poll: ParkedPoll): Promise<void> {
    if (poll.done) return;
    try {
      await this.store.append([{ queueId: poll.queueId, event: { type: 'heartbeat' } }]);
    } catch {
      this.finish(poll, { events: [] });
      return;
    }
    // The append signal would do it too; reading here does not depend on pub/sub.
    void this.check(poll);
  }

  private finish(poll: ParkedPoll, outcome: { events: QueuedEvent[] } | { error: ApiError }): void {
    if (poll.done) return;
    poll.done = true;
    clearTimeout(poll.heartbeat);
    if (this.parked.get(poll.queueId) === poll) this.parked.delete(poll.queueId);
    // The queue's idle clock restarts when its poll ends.
    void this.store.keepAlive([poll.queueId], Date.now()).catch(() => undefined);
    poll.settle(outcome);
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
