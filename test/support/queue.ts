import { Api, ApiResponse, Params } from './api';

export interface Event {
  id: number;
  type: string;
  [field: string]: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A registered queue and the client polling it, remembering what it acknowledged. */
export class Queue {
  lastEventId: number;

  constructor(
    readonly api: Api,
    readonly id: string,
    lastEventId: number,
  ) {
    this.lastEventId = lastEventId;
  }

  static async register(api: Api, params: Params = {}): Promise<Queue> {
    // Fetching the state of the queue's own event types lets register apply any event that
    // raced in (a dispatch of an earlier test's change), so ids start after last_event_id.
    const response = await api.post('register', { fetch_event_types: params.event_types ?? [], ...params });
    if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
    return new Queue(api, response.body.queue_id as string, response.body.last_event_id as number);
  }

  poll(params: Params = {}, signal?: AbortSignal): Promise<ApiResponse> {
    return this.api.request('GET', 'events', { queue_id: this.id, last_event_id: this.lastEventId, ...params }, { signal });
  }

  /** Long-polls until at least `count` events came, acknowledging them; fails after `timeoutMs`. */
  async take(count: number, timeoutMs = 10_000): Promise<Event[]> {
    const events: Event[] = [];
    const deadline = Date.now() + timeoutMs;
    while (events.length < count) {
      let response: ApiResponse;
      try {
        response = await this.poll({}, AbortSignal.timeout(Math.max(1, deadline - Date.now())));
      } catch {
        throw new Error(`expected ${count} events, got ${JSON.stringify(events)}`);
      }
      if (response.status !== 200) throw new Error(`GET /events failed: ${JSON.stringify(response.body)}`);
      for (const event of response.body.events as Event[]) {
        events.push(event);
        this.lastEventId = event.id;
      }
    }
    return events;
  }

  /** Like `take`, counting (and returning) only the events `wanted` accepts. */
  async takeWhere(count: number, wanted: (event: Event) => boolean, timeoutMs = 10_000): Promise<Event[]> {
    const events: Event[] = [];
    const deadline = Date.now() + timeoutMs;
    while (events.length < count) {
      events.push(...(await this.take(1, Math.max(1, deadline - Date.now()))).filter(wanted));
    }
    return events;
  }

  /**
   * Long-polls until an event `last` accepts came; answers the events up to it, itself
   * included (any that came after it in the same answer are acknowledged and dropped).
   */
  async takeUntil(last: (event: Event) => boolean): Promise<Event[]> {
    const events: Event[] = [];
    while (!events.some(last)) events.push(...(await this.take(1)));
    return events.slice(0, events.findIndex(last) + 1);
  }

  /** Whatever is queued now, acknowledged. */
  async drain(): Promise<Event[]> {
    const response = await this.poll({ dont_block: 'true' });
    if (response.status !== 200) throw new Error(`GET /events failed: ${JSON.stringify(response.body)}`);
    const events = response.body.events as Event[];
    if (events.length > 0) this.lastEventId = events[events.length - 1].id;
    return events;
  }
}
