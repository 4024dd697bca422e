import { ApiClient, ApiError, defaultSleep, NetworkError, Sleep } from './client';
import { REGISTER_PARAMS } from './register-params';
import type { RegisterAnswer, ServerEvent } from './types';

export interface EventQueueHandlers {
  /** A fresh snapshot: the first, or one after the server forgot the queue. */
  registered(answer: RegisterAnswer): void;
  events(events: ServerEvent[]): void;
  connectivity(online: boolean): void;
}

/** The first wait after a failed poll, and the longest: Zulip's web client backs off alike. */
const FIRST_BACKOFF_MS = 1000;
const MAX_BACKOFF_MS = 30_000;

/**
 * One event queue: register, then long-poll `GET /events` for as long as the app runs.
 * `BAD_EVENT_QUEUE_ID` (the server dropped an idle queue) and a `restart` event register
 * again, handing the store a fresh snapshot while the person stays where they are (the URL
 * fragment, the compose box and local drafts are not server state). When the network or the
 * server fails, it reports the app offline and tries again with a growing delay.
 */
export class EventQueue {
  queueId: string | null = null;
  private lastEventId = -1;
  private readonly stopper = new AbortController();

  constructor(
    private readonly client: ApiClient,
    private readonly handlers: EventQueueHandlers,
    private readonly sleep: Sleep = defaultSleep,
    private readonly random: () => number = Math.random,
  ) {}

  stop(): void {
    this.stopper.abort(new Error('stopped'));
  }

  /** Runs until stop(); rejects only on an answer that no retry can fix (signed out, say). */
  async run(): Promise<void> {
    const signal = this.stopper.signal;
    let failures = 0;
    let offline = false;
    while (!signal.aborted) {
      try {
        if (this.queueId === null) {
          const answer = await this.client.post<RegisterAnswer>('register', REGISTER_PARAMS, signal);
          this.queueId = answer.queue_id;
          this.lastEventId = answer.last_event_id;
          this.handlers.registered(answer);
        } else {
          const answer = await this.client.get<{ events: ServerEvent[] }>(
            'events',
            { queue_id: this.queueId, last_event_id: this.lastEventId, dont_block: false },
            signal,
          );
          const events = answer.events;
          if (events.length > 0) {
            this.lastEventId = Math.max(this.lastEventId, ...events.map((event) => event.id));
            this.handlers.events(events);
            if (events.some((event) => event.type === 'restart')) this.queueId = null;
          }
        }
        failures = 0;
        if (offline) {
          offline = false;
          this.handlers.connectivity(true);
        }
      } catch (error) {
        if (signal.aborted) return;
        if (error instanceof ApiError && error.code === 'BAD_EVENT_QUEUE_ID') {
          this.queueId = null;
          continue;
        }
        if (!(error instanceof NetworkError) && !(error instanceof ApiError && error.transient)) throw error;
        if (!offline) {
          offline = true;
          this.handlers.connectivity(false);
        }
        failures += 1;
        await this.sleep(backoffMs(failures, this.random), signal).catch(() => undefined);
      }
    }
  }
}

/** Exponential backoff with jitter (so clients cut off together do not all return at once). */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  const ceiling = Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(ceiling / 2 + (random() * ceiling) / 2);
}
