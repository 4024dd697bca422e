import { applyRacedEvents } from '../../src/events/queries/apply-raced-events';
import { QueuedEvent } from '../../src/events/queues/queue-descriptor';
import { Api, Params } from './api';

type State = Record<string, unknown>;

/** Register bookkeeping that is not state. */
const NOT_STATE = ['result', 'msg', 'queue_id', 'last_event_id'];

/**
 * Zulip's test_events check: register, act, apply the events the queue received to the
 * registered state (with the server's own `apply_events`), and compare with a fresh
 * register. Lists of channels compare by channel id, so order does not matter.
 */
export class StateCheck {
  private constructor(
    private readonly api: Api,
    private readonly params: Params,
    private readonly queueId: string,
    private lastEventId: number,
    private readonly state: State,
    private readonly userId: number,
  ) {}

  static async start(api: Api, userId: number, params: Params): Promise<StateCheck> {
    const response = await api.post('register', params);
    if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
    const state = stateOf(response.body);
    return new StateCheck(api, params, response.body.queue_id as string, response.body.last_event_id as number, state, userId);
  }

  /** Every event queued so far, waiting until the queue has been quiet for a moment. */
  async events(): Promise<QueuedEvent[]> {
    const events: QueuedEvent[] = [];
    let quiet = 0;
    while (quiet < 3) {
      const response = await this.api.get('events', { queue_id: this.queueId, last_event_id: this.lastEventId, dont_block: 'true' });
      if (response.status !== 200) throw new Error(`GET /events failed: ${JSON.stringify(response.body)}`);
      const batch = response.body.events as QueuedEvent[];
      if (batch.length === 0) {
        quiet += 1;
        await new Promise((resolve) => setTimeout(resolve, 100));
        continue;
      }
      quiet = 0;
      events.push(...batch);
      this.lastEventId = batch[batch.length - 1].id;
    }
    return events;
  }

  /** Applies the events so far; returns the applied state and a fresh register's, normalized. */
  async compare(): Promise<{ applied: State; fresh: State; events: QueuedEvent[] }> {
    const events = (await this.events()).filter((event) => event.type !== 'heartbeat');
    const applied = structuredClone(this.state);
    const last = applyRacedEvents(applied, events, {
      userId: this.userId,
      includeSubscribers: this.params.include_subscribers === true,
    });
    if (events.length > 0 && last !== events[events.length - 1].id) {
      throw new Error(`could not apply ${JSON.stringify(events.find((event) => event.id > last))}`);
    }
    const response = await this.api.post('register', this.params);
    const fresh = stateOf(response.body);
    await this.api.delete('events', { queue_id: response.body.queue_id as string });
    return { applied: normalize(applied), fresh: normalize(fresh), events };
  }
}

function stateOf(body: Record<string, unknown>): State {
  const state = structuredClone(body);
  for (const key of NOT_STATE) delete state[key];
  return state;
}

function normalize(state: State): State {
  const out: State = {};
  for (const [key, value] of Object.entries(state).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && 'stream_id' in item)) {
      out[key] = [...(value as { stream_id: number }[])].sort((a, b) => a.stream_id - b.stream_id);
    } else {
      out[key] = value;
    }
  }
  return out;
}
