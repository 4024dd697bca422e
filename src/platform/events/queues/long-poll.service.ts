import { Injectable, OnApplicationShutdown } from '@nestjs/common';
import { EventQueueSettings } from '../../config/settings';
import { ApiError } from '../../../shared/api-error';
import { eventJson, StoredEvent } from './event-json';
import { EventQueueStore } from './event-queue-store';
import { HeartbeatWheel } from './heartbeat-wheel';
import { EndedPoll, QueuePollResult, QueueSignal } from './queue-descriptor';

/** How a parked poll ends: with events (maybe none), or with an error for the caller to render. */
type PollOutcome = { events: readonly StoredEvent[] } | { error: unknown };

/** The HTTP side of a poll: whether its client is still there. */
export interface PollClient {
  readonly gone: boolean;
  /** Called once if the client goes away before the poll is answered. */
  onGone(listener: () => void): void;
}

interface ParkedPoll {
  /** The poll's number on its queue: a poll with a higher one supersedes it. */
  seq: number;
  queueId: string;
  userId: number;
  lastEventId: number;
  settle: (outcome: PollOutcome) => void;
  /** When the poll's first look at its queue was sent: it counted as activity on the queue. */
  readAt: number;
  /** The heartbeat wheel's slot the poll waits in (see HeartbeatWheel). */
  heartbeatSlot: number;
  /** A read is running; `again` asks for one more when it ends (a signal came meanwhile). */
  reading: boolean;
  again: boolean;
  done: boolean;
  /** When this queue was last answered with events (0: not known here); see PollSettings. */
  answeredAt: number;
  /** Events held back for the batch (see hold), following `lastEventId` without a gap. */
  held: StoredEvent[] | null;
}

/** How long an ended poll waits for its client's next poll before the store hears it ended. */
const ENDED_GRACE_MS = 2_000;

/** How long a wake for a queue with no poll parked here is kept for a poll about to park. */
const EARLY_WAKE_MS = 10_000;

/** The longest a queue goes without a poll that reads it in the store (see AnsweredPoll). */
const LOCAL_REPOLL_MS = 10_000;

/** How long acknowledgements of local re-polls gather before they go to the store in one call. */
const ACK_DELAY_MS = 100;

/**
 * A parked poll this process answered, while the store still marks its queue parked here
 * (the end is not reported yet): the client's next poll, acknowledging exactly what it
 * got, may park without a look at the store. Nothing can have come for the queue unseen:
 * appends to it signal this process while the mark stands. A signal that finds no poll
 * parked keeps the events this process appended itself (they follow the answer without a
 * gap) for that next poll to answer with at once; any other drops the entry (as does a
 * poll of the queue elsewhere, its removal, or the end being reported). The acknowledgement goes to the store shortly after, with others. On a
 * busy server this saves the store a script call per delivered batch per client: a
 * hundred per channel message to a hundred active clients.
 */
interface AnsweredPoll {
  userId: number;
  /** The last event id the answer carried (the poll's own when it carried none). */
  lastEventId: number;
  seq: number;
  /** When a poll on the queue last read it in the store. */
  readAt: number;
  /**
   * Events this process appended to the queue since the answer, in id order and following
   * `lastEventId` without a gap: the client's next poll answers with them at once.
   */
  pending: StoredEvent[];
  /** When the answer went (with events; else the one before it): the next waits out the batch interval. */
  answeredAt: number;
}

const HEARTBEAT = eventJson({ type: 'heartbeat' });

/**
 * The long-poll side of `GET /events` in this process: a poll with nothing to return parks
 * until its queue has news, a heartbeat is due, or a newer poll on the same queue
 * supersedes it. The store marks a parked poll's queue with this process, so only this
 * process hears of appends to it; appends this process made itself come with their
 * events, and the poll answers with them without reading its queue again (when they are
 * exactly the events after its `last_event_id`). Polls are numbered per queue by the
 * store, and every read of a parked poll also learns the newest number, so a poll
 * superseded in another process ends even if the signal saying so arrives late.
 */
@Injectable()
export class LongPollService implements OnApplicationShutdown {
  private readonly parked = new Map<string, ParkedPoll>();
  private readonly heartbeats: HeartbeatWheel<ParkedPoll>;
  /**
   * Polls that ended, by queue, until the store hears of them (see noteEnded); a new poll
   * on the queue takes its entry out.
   */
  private readonly ended = new Map<string, EndedPoll>();
  private endedFlush: NodeJS.Timeout | null = null;
  /**
   * Wakes for queues with no poll parked here, by when they came: a poll whose first look
   * was answered before the wake arrived (on another connection) parks after it.
   */
  private readonly earlyWakes = new Map<string, number>();
  private earlyWakeSweep: NodeJS.Timeout | null = null;
  /** Queues whose client may poll again without a look at the store (see AnsweredPoll). */
  private readonly answered = new Map<string, AnsweredPoll>();
  /** Acknowledgements of local re-polls, by queue, waiting to go to the store. */
  private readonly acks = new Map<string, number>();
  private ackFlush: NodeJS.Timeout | null = null;
  /** A store read at least this often per queue, also for short idle times (tests). */
  private readonly localRepollMs: number;
  /** Set once the process shuts down: polls answer at once instead of parking. */
  private closing = false;
  /** Polls holding events until their batch interval has passed (see hold). */
  private readonly holding = new Set<ParkedPoll>();
  private holdTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly store: EventQueueStore,
    private readonly settings: EventQueueSettings,
  ) {
    store.onSignal((signal) => this.onSignal(signal));
    // The store counts a mark older than a heartbeat as stale: re-read well within it.
    this.localRepollMs = Math.min(LOCAL_REPOLL_MS, (settings.idleSeconds * 1000) / 4, (settings.heartbeatSeconds * 1000) / 2);
    this.heartbeats = new HeartbeatWheel(settings.heartbeatSeconds * 1000, (due) => void this.sendHeartbeats(due));
  }

  /** Polls parked in this process now. */
  get parkedCount(): number {
    return this.parked.size;
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
   * One `GET /events` on `userId`'s queue: acknowledges through `lastEventId`, then answers
   * at once with the newer events (or with none under `dontBlock`), else waits for news or
   * a heartbeat. As in Zulip, a new request on a queue ends the one waiting on it, in
   * whichever process.
   */
  async fetch(queueId: string, userId: number, lastEventId: number, dontBlock: boolean, client: PollClient): Promise<readonly StoredEvent[]> {
    const local = dontBlock || client.gone ? null : this.localRepoll(queueId, userId, lastEventId);
    if (local) {
      if (local.pending.length === 0 || this.heldBack(local.answeredAt)) {
        return this.park(queueId, userId, local.seq, lastEventId, local.readAt, client, local.answeredAt, local.pending);
      }
      // Answered like a parked poll that an append woke, so the poll after it may follow locally too.
      this.noteEnded(queueId, local.seq);
      const lastId = local.pending[local.pending.length - 1].id;
      this.answered.set(queueId, { ...local, lastEventId: lastId, pending: [], answeredAt: Date.now() });
      return local.pending;
    }
    this.answered.delete(queueId);
    // This poll's first look at the queue replaces the ended one's mark and idle clock.
    this.ended.delete(queueId);
    const previous = this.parked.get(queueId);
    if (previous) this.finish(previous, { events: [] });
    const readAt = Date.now();
    const first = await this.store.poll(queueId, userId, lastEventId, readAt, !dontBlock && !this.closing);
    if (first.kind !== 'events') throw readError(first, queueId, lastEventId);
    if (first.events.length > 0 || dontBlock || client.gone || this.closing) {
      if (!dontBlock && first.events.length === 0) this.noteEnded(queueId, first.seq);
      return first.events;
    }
    const current = this.parked.get(queueId);
    // Another request on the queue got here first and is newer: this one has nothing to wait for.
    if (current && current.seq > first.seq) {
      this.noteEnded(queueId, first.seq);
      return [];
    }
    if (current) this.finish(current, { events: [] });
    return this.park(queueId, userId, first.seq, lastEventId, readAt, client);
  }

  /**
   * The answered poll this poll may follow without a look at the store (see AnsweredPoll),
   * taken, with its acknowledgement queued; null if it must look.
   */
  private localRepoll(queueId: string, userId: number, lastEventId: number): AnsweredPoll | null {
    const answered = this.answered.get(queueId);
    if (
      !answered ||
      this.closing ||
      answered.userId !== userId ||
      answered.lastEventId !== lastEventId ||
      this.ended.get(queueId)?.seq !== answered.seq ||
      this.parked.has(queueId) ||
      this.earlyWakes.has(queueId) ||
      Date.now() - answered.readAt >= this.localRepollMs
    ) {
      return null;
    }
    this.answered.delete(queueId);
    this.ended.delete(queueId);
    this.acks.set(queueId, lastEventId);
    this.ackFlush ??= setTimeout(() => this.flushAcks(), ACK_DELAY_MS);
    return answered;
  }

  private flushAcks(): void {
    if (this.ackFlush) clearTimeout(this.ackFlush);
    this.ackFlush = null;
    if (this.acks.size === 0) return;
    const acks = [...this.acks].map(([queueId, lastEventId]) => ({ queueId, lastEventId }));
    this.acks.clear();
    // A lost acknowledgement only leaves events stored until the queue's next read prunes them.
    void this.store.acknowledge(acks, Date.now()).catch(() => undefined);
  }

  /**
   * Answers every parked poll now (no events; the client polls again, on another process
   * or after the restart) and parks no more: the HTTP server waits for requests in flight
   * before it closes, and a parked poll would hold it until its heartbeat.
   */
  release(): void {
    this.closing = true;
    for (const poll of [...this.parked.values()]) this.finish(poll, { events: poll.held ?? [] });
  }

  onApplicationShutdown(): void {
    this.release();
    // Now, while the store is still open.
    this.flushAcks();
    this.reportEnded(Infinity);
    this.heartbeats.stop();
    if (this.earlyWakeSweep) clearInterval(this.earlyWakeSweep);
    if (this.holdTimer) clearTimeout(this.holdTimer);
  }

  /**
   * Parks a poll until news, its heartbeat or a newer poll; with `held` events (a client
   * back within the batch interval), until the interval has passed.
   */
  private park(
    queueId: string,
    userId: number,
    seq: number,
    lastEventId: number,
    readAt: number,
    client: PollClient,
    answeredAt = 0,
    held: readonly StoredEvent[] = [],
  ): Promise<readonly StoredEvent[]> {
    return new Promise<readonly StoredEvent[]>((resolve, reject) => {
      const poll: ParkedPoll = {
        seq,
        queueId,
        userId,
        lastEventId,
        readAt,
        reading: false,
        again: false,
        done: false,
        heartbeatSlot: 0,
        answeredAt,
        held: null,
        settle: (outcome) => ('error' in outcome ? reject(outcome.error) : resolve(outcome.events)),
      };
      this.parked.set(queueId, poll);
      poll.heartbeatSlot = this.heartbeats.add(poll);
      if (held.length > 0) this.hold(poll, held);
      // A client that went away gets an empty answer nobody reads; the request still ends.
      client.onGone(() => this.finish(poll, { events: [] }));
      const wokenAt = this.earlyWakes.get(queueId);
      if (wokenAt !== undefined) {
        this.earlyWakes.delete(queueId);
        if (wokenAt >= readAt) void this.check(poll);
      }
    });
  }

  private onSignal(signal: QueueSignal): void {
    switch (signal.kind) {
      case 'appended':
        for (const queueId of signal.queueIds) {
          const poll = this.parked.get(queueId);
          if (!poll) {
            if (!this.keepForRepoll(queueId, signal.events?.get(queueId))) this.noteEarlyWake(queueId);
          } else if (!this.answerFromMemory(poll, signal.events?.get(queueId))) void this.check(poll);
        }
        return;
      case 'resync':
        // Signals sent while the store's notifications were down are lost: every parked poll
        // reads its queue again (and learns if the queue itself was lost).
        this.answered.clear();
        for (const poll of [...this.parked.values()]) void this.check(poll);
        return;
      case 'removed':
        for (const queueId of signal.queueIds) {
          const poll = this.parked.get(queueId);
          if (poll) this.finish(poll, { error: ApiError.badEventQueue(queueId) });
          this.answered.delete(queueId);
          this.acks.delete(queueId);
        }
        return;
      case 'poll': {
        const poll = this.parked.get(signal.queueId);
        if (poll && signal.seq > poll.seq) this.finish(poll, { events: [] });
        // A poll elsewhere took the queue's mark.
        this.answered.delete(signal.queueId);
      }
    }
  }

  /**
   * Answers with events this process just appended, if they are exactly those after the
   * poll's `last_event_id` (ids are consecutive per queue); false if the poll must read.
   */
  private answerFromMemory(poll: ParkedPoll, events: readonly StoredEvent[] | undefined): boolean {
    if (poll.reading || events === undefined || events.length === 0) return false;
    const next = poll.lastEventId + 1 + (poll.held?.length ?? 0);
    for (let index = 0; index < events.length; index++) if (events[index].id !== next + index) return false;
    if (poll.held) poll.held.push(...events);
    else if (this.heldBack(poll.answeredAt)) this.hold(poll, events);
    else this.finish(poll, { events });
    return true;
  }

  /**
   * Whether an answer now would come within the batch interval of the queue's last one.
   * A client that is sent every event the moment it comes costs an answer, a request and
   * a parse per event; one that is answered at most every `EVENT_BATCH_MS` gets the events
   * of a busy spell a few at a time. A quiet queue (no answer within the interval) is
   * answered at once, so the interval never delays the first event after a pause.
   */
  private heldBack(answeredAt: number): boolean {
    return this.settings.batchMs > 0 && answeredAt > 0 && Date.now() - answeredAt < this.settings.batchMs;
  }

  /** Keeps `events` on the parked poll until the batch interval since its queue's last answer has passed. */
  private hold(poll: ParkedPoll, events: readonly StoredEvent[]): void {
    poll.held = [...events];
    this.holding.add(poll);
    this.holdTimer ??= setTimeout(() => this.answerHeld(), Math.max(1, poll.answeredAt + this.settings.batchMs - Date.now()));
  }

  /** Answers the held polls whose interval has passed, and waits for the next one due. */
  private answerHeld(): void {
    this.holdTimer = null;
    const now = Date.now();
    let nextDue = Infinity;
    for (const poll of this.holding) {
      const due = poll.answeredAt + this.settings.batchMs;
      if (!poll.done && due > now) {
        nextDue = Math.min(nextDue, due);
        continue;
      }
      this.holding.delete(poll);
      if (!poll.done && poll.held) this.finish(poll, { events: poll.held });
    }
    if (nextDue !== Infinity) this.holdTimer = setTimeout(() => this.answerHeld(), Math.max(1, nextDue - now));
  }

  /**
   * Keeps events this process appended to an answered queue for its client's next poll, if
   * they follow what it has without a gap; false if that poll must read the store.
   */
  private keepForRepoll(queueId: string, events: readonly StoredEvent[] | undefined): boolean {
    const answered = this.answered.get(queueId);
    if (!answered || events === undefined || events.length === 0) return false;
    const next = answered.lastEventId + 1 + answered.pending.length;
    for (let index = 0; index < events.length; index++) if (events[index].id !== next + index) return false;
    answered.pending.push(...events);
    return true;
  }

  private noteEarlyWake(queueId: string): void {
    this.answered.delete(queueId);
    this.earlyWakes.set(queueId, Date.now());
    this.earlyWakeSweep ??= setInterval(() => {
      const horizon = Date.now() - EARLY_WAKE_MS;
      for (const [id, at] of this.earlyWakes) if (at < horizon) this.earlyWakes.delete(id);
      if (this.earlyWakes.size === 0 && this.earlyWakeSweep) {
        clearInterval(this.earlyWakeSweep);
        this.earlyWakeSweep = null;
      }
    }, EARLY_WAKE_MS);
    this.earlyWakeSweep.unref();
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
        const result = await this.store.read(poll.queueId, poll.lastEventId);
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
      // The route renders it (storage that cannot be reached is a 503).
      this.finish(poll, { error });
    } finally {
      poll.reading = false;
    }
  }

  /** One append for every poll whose heartbeat fell due in the same slot; they answer from it. */
  private async sendHeartbeats(due: readonly ParkedPoll[]): Promise<void> {
    const waiting = due.filter((poll) => !poll.done);
    if (waiting.length === 0) return;
    try {
      await this.store.append([{ appends: waiting.map((poll) => ({ queueId: poll.queueId, event: HEARTBEAT })) }]);
    } catch {
      for (const poll of waiting) this.finish(poll, { events: [] });
      return;
    }
    // Polls answered from the append's own signal are done; a poll whose queue lost its
    // parked mark (superseded meanwhile, say) reads instead.
    for (const poll of waiting) if (!poll.done) void this.check(poll);
  }

  private finish(poll: ParkedPoll, outcome: PollOutcome): void {
    if (poll.done) return;
    poll.done = true;
    this.heartbeats.remove(poll, poll.heartbeatSlot);
    if (this.parked.get(poll.queueId) === poll) this.parked.delete(poll.queueId);
    this.noteEnded(poll.queueId, poll.seq);
    this.holding.delete(poll);
    if ('events' in outcome) {
      const { events } = outcome;
      const lastEventId = events.length > 0 ? events[events.length - 1].id : poll.lastEventId;
      const answeredAt = events.length > 0 ? Date.now() : poll.answeredAt;
      this.answered.set(poll.queueId, { userId: poll.userId, lastEventId, seq: poll.seq, readAt: poll.readAt, pending: [], answeredAt });
    } else {
      this.answered.delete(poll.queueId);
    }
    poll.settle(outcome);
  }

  /**
   * The queue's idle clock restarts when its poll ends, and its parked mark goes. A client
   * polls again at once, and that poll's first look at the queue does both, so the store
   * hears of an ended poll only if no new poll came to this process within ENDED_GRACE_MS
   * (ended polls share one call); the idle clock then counts from the end all the same.
   */
  private noteEnded(queueId: string, seq: number): void {
    this.ended.set(queueId, { queueId, seq, endedAt: Date.now() });
    this.endedFlush ??= setInterval(() => this.reportEnded(Date.now() - ENDED_GRACE_MS), ENDED_GRACE_MS / 2);
    this.endedFlush.unref();
  }

  /** Tells the store of the polls that ended at or before `endedBefore`. */
  private reportEnded(endedBefore: number): void {
    const polls: EndedPoll[] = [];
    for (const [queueId, poll] of this.ended) {
      if (poll.endedAt > endedBefore) continue;
      polls.push(poll);
      this.ended.delete(queueId);
      // The store drops the queue's mark: its next poll must look.
      this.answered.delete(queueId);
    }
    if (this.ended.size === 0 && this.endedFlush) {
      clearInterval(this.endedFlush);
      this.endedFlush = null;
    }
    if (polls.length > 0) void this.store.pollsEnded(polls).catch(() => undefined);
  }
}

function readError(result: Exclude<QueuePollResult, { kind: 'events' }>, queueId: string, lastEventId: number): ApiError {
  switch (result.kind) {
    case 'missing':
      return ApiError.badEventQueue(queueId);
    case 'already-pruned':
      return ApiError.badRequest(`An event newer than ${lastEventId} has already been pruned!`);
    case 'not-in-queue':
      return ApiError.badRequest(`Event ${lastEventId} was not in this queue`);
  }
}
