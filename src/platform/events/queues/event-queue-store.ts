import { AppendGroup, EndedPoll, ExpiredQueue, QueueDescriptor, QueuePollResult, QueueReadResult, QueueSignal } from './queue-descriptor';

/**
 * Where event queues live: process memory in embedded mode, Redis when `REDIS_URL` is set
 * (then every server process sees the same queues). Event ids are assigned per queue at
 * append time, never taken from the data, so a client acknowledging id N never skips an
 * event appended after it. Events are JSON text, handed out as stored.
 */
export abstract class EventQueueStore {
  /**
   * Creates a queue. A user at the per-user limit first loses the least recently polled
   * of their queues that has no poll parked (returned, already removed); if every one has
   * a poll parked, throws QueueLimitReached.
   */
  abstract create(descriptor: QueueDescriptor, now: number): Promise<string[]>;

  abstract describe(queueId: string): Promise<QueueDescriptor | null>;

  /** The live queues of these users, in no particular order. */
  abstract queuesOfUsers(userIds: readonly number[]): Promise<QueueDescriptor[]>;

  /** Queues of the realm registered with `all_public_streams`. */
  abstract allPublicStreamsQueues(realmId: number): Promise<QueueDescriptor[]>;

  /**
   * Appends in order, in one step for all groups; appends to queues that no longer exist
   * are dropped. Queues left over their limits are removed. Polls parked on the queues are
   * told (see QueueSignal).
   */
  abstract append(groups: readonly AppendGroup[]): Promise<void>;

  /**
   * A new poll on `userId`'s queue (another user's queue is answered as missing):
   * acknowledges events up to `lastEventId` (pruning them), numbers the poll, tells the
   * process of a poll parked on the queue that it is superseded, and returns the newer
   * events. With `park`, and nothing to return, the queue is marked as having this poll
   * parked in this process (appends then signal this process) until `pollsEnded`. Counts
   * as activity on the queue.
   */
  abstract poll(queueId: string, userId: number, lastEventId: number, now: number, park: boolean): Promise<QueuePollResult>;

  /** The events after `lastEventId` (pruning those up to it), and the newest poll's number. */
  abstract read(queueId: string, lastEventId: number): Promise<QueueReadResult>;

  /**
   * Clients acknowledged these events (a poll's `last_event_id`) on polls that did not read
   * their queue (LongPollService's local re-polls): the events up to each id are pruned,
   * and the queue counts as polled at `now`. Ids at or below what is already pruned, or
   * of queues gone, change nothing.
   */
  abstract acknowledge(acks: readonly { queueId: string; lastEventId: number }[], now: number): Promise<void>;

  /**
   * These polls of this process ended: their queues' idle clocks restart from when they
   * ended, and their parked marks go (unless a newer poll replaced them).
   */
  abstract pollsEnded(polls: readonly EndedPoll[]): Promise<void>;

  /** Pushes back the idle deadline of queues that have a long-poll parked on them. */
  abstract keepAlive(queueIds: readonly string[], now: number): Promise<void>;

  abstract remove(queueId: string): Promise<void>;

  /**
   * Removes queues whose idle deadline has passed and returns them, each with the message
   * ids its unfetched `message` events held. With several processes collecting at once,
   * each queue is returned by one of them.
   */
  abstract collectExpired(now: number): Promise<ExpiredQueue[]>;

  /**
   * Removes the expired queues of other deployments that have no process left to collect
   * them (with Redis shared by several databases); returns how many went. Their
   * expired-queue hooks are not told: what the queues held is another database's.
   */
  async collectAbandoned(_now: number): Promise<number> {
    return 0;
  }

  /** How many queues exist (in every process, with Redis). */
  abstract count(): Promise<number>;

  /** Throws when the store cannot be reached (readiness checks). */
  abstract ping(): Promise<void>;

  abstract onSignal(listener: (signal: QueueSignal) => void): void;

  /**
   * Remembers queues whose poll was parked on this process as it shuts down, so that the
   * next process to start tells them of the restart. Queues in memory die with the
   * process, so only a shared store keeps these.
   */
  async markRestartPending(_queueIds: readonly string[]): Promise<void> {}

  /** The queues waiting for a `restart` event, forgotten as they are handed out. */
  async takeRestartPending(): Promise<QueueDescriptor[]> {
    return [];
  }

  abstract close(): Promise<void>;
}
