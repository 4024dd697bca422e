import {
  QueueAppend,
  QueueDescriptor,
  QueueReadResult,
  QueueSignal,
} from './queue-descriptor';

/**
 * Where event queues live: process memory in embedded mode, Redis when `REDIS_URL` is set
 * (then every server process sees the same queues). Event ids are assigned per queue at
 * append time, never taken from the data, so a client acknowledging id N never skips an
 * event appended after it.
 */
export abstract class EventQueueStore {
  abstract create(descriptor: QueueDescriptor, now: number): Promise<void>;

  abstract describe(queueId: string): Promise<QueueDescriptor | null>;

  /**
   * Like `describe`, but may answer from this process's memory for a queue removed
   * meanwhile: only for callers that read the queue next (the read finds it gone).
   */
  describeBeforeRead(queueId: string): Promise<QueueDescriptor | null> {
    return this.describe(queueId);
  }

  /** The live queues of these users, in no particular order. */
  abstract queuesOfUsers(userIds: readonly number[]): Promise<QueueDescriptor[]>;

  /** Queues of the realm registered with `all_public_streams`. */
  abstract allPublicStreamsQueues(realmId: number): Promise<QueueDescriptor[]>;

  /** Appends in order; appends to queues that no longer exist are dropped. */
  abstract append(appends: readonly QueueAppend[]): Promise<void>;

  /**
   * Acknowledges events up to `lastEventId` (pruning them), returns the rest, and counts
   * as activity on the queue.
   */
  abstract read(queueId: string, lastEventId: number, now: number): Promise<QueueReadResult>;

  /** Pushes back the idle deadline of queues that have a long-poll parked on them. */
  abstract keepAlive(queueIds: readonly string[], now: number): Promise<void>;

  abstract remove(queueId: string): Promise<void>;

  /** Removes queues whose idle deadline has passed and returns their ids. */
  abstract collectExpired(now: number): Promise<string[]>;

  /**
   * Tells every process (this one included) that a new poll started on a queue, and
   * returns its sequence number on the queue: higher than every earlier poll's, so a
   * process can tell a newer poll from an older one whatever order signals arrive in.
   * Returns -1 if the queue does not exist.
   */
  abstract announcePoll(queueId: string): Promise<number>;

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
