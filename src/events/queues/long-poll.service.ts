import { randomUUID } from 'node:crypto';
import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { AppConfig } from '../../platform/config/app-config';
import { ApiError } from '../../shared/api-error';
import { EventQueueStore } from './event-queue-store';
import { QueueReadResult, QueueSignal, QueuedEvent } from './queue-descriptor';

interface ParkedPoll {
  pollId: string;
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
 * same queue supersedes it.
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

  async fetch(queueId: string, lastEventId: number, dontBlock: boolean, aborted: AbortSignal): Promise<QueuedEvent[]> {
    const first = await this.store.read(queueId, lastEventId, Date.now());
    const events = eventsOrThrow(first, queueId, lastEventId);
    if (events.length > 0 || dontBlock) return events;
    return this.park(queueId, lastEventId, aborted);
  }

  onApplicationShutdown(): void {
    for (const poll of [...this.parked.values()]) this.finish(poll, { events: [] });
  }

  private park(queueId: string, lastEventId: number, aborted: AbortSignal): Promise<QueuedEvent[]> {
    const previous = this.parked.get(queueId);
    if (previous) this.finish(previous, { events: [] });
    return new Promise<QueuedEvent[]>((resolve, reject) => {
      const poll: ParkedPoll = {
        pollId: randomUUID(),
        queueId,
        lastEventId,
        reading: false,
        again: false,
        done: false,
        heartbeat: setTimeout(() => void this.sendHeartbeat(poll), this.config.heartbeatSeconds * 1000),
        settle: (outcome) => ('error' in outcome ? reject(outcome.error) : resolve(outcome.events)),
      };
      this.parked.set(queueId, poll);
      aborted.addEventListener('abort', () => this.finish(poll, null), { once: true });
      void this.store.announcePoll(queueId, poll.pollId).catch(() => undefined);
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
      if (poll && poll.pollId !== signal.pollId) this.finish(poll, { events: [] });
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
    }
  }

  /** Ends a parked poll; a null outcome means the client went away. */
  private finish(poll: ParkedPoll, outcome: { events: QueuedEvent[] } | { error: ApiError } | null): void {
    if (poll.done) return;
    poll.done = true;
    clearTimeout(poll.heartbeat);
    if (this.parked.get(poll.queueId) === poll) this.parked.delete(poll.queueId);
    // The queue's idle clock restarts when its poll ends.
    void this.store.keepAlive([poll.queueId], Date.now()).catch(() => undefined);
    if (outcome) poll.settle(outcome);
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
