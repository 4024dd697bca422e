import { isDeepStrictEqual } from 'node:util';
import { Api, Params } from './api';
import { AppliedEvent, applyEvents } from './reference-applier';

type State = Record<string, unknown>;
type Entry = Record<string, unknown>;

/** Register bookkeeping and clock readings (cursors for other endpoints), not state. */
const NOT_STATE = ['result', 'msg', 'queue_id', 'last_event_id', 'server_timestamp', 'presence_last_update_id'];

/**
 * Zulip's verify_action: register, act, apply the events the queue received to the
 * registered state with the test's own reference applier, and compare with a fresh
 * register. Lists whose order carries no meaning compare sorted by their ids.
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

  /** The events `compare` applied so far, heartbeats left out. */
  private readonly received: AppliedEvent[] = [];

  static async start(api: Api, userId: number, params: Params): Promise<StateCheck> {
    const response = await api.post('register', params);
    if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
    const state = stateOf(response.body);
    return new StateCheck(api, params, response.body.queue_id as string, response.body.last_event_id as number, state, userId);
  }

  /** Every event queued so far, waiting until the queue has been quiet for a moment. */
  async events(): Promise<AppliedEvent[]> {
    const events = await queuedEvents<AppliedEvent>(this.api, this.queueId, this.lastEventId);
    if (events.length > 0) this.lastEventId = events[events.length - 1].id;
    return events;
  }

  /**
   * Applies the events so far; returns the applied state and a fresh register's, normalized.
   * A mismatch waits for late events before it is answered: an action whose effect another
   * process publishes (a scheduled message that process sent, a thumbnail it made) reaches
   * the queue after its commit, and a publisher that died has its outbox row published again
   * after EVENT_OUTBOX_RECOVERY_SECONDS (10 by default).
   */
  async compare(): Promise<{ applied: State; fresh: State; events: AppliedEvent[] }> {
    const deadline = Date.now() + LATE_EVENTS_MS;
    for (;;) {
      this.received.push(...(await this.events()).filter((event) => event.type !== 'heartbeat'));
      const events = [...this.received];
      const applied = structuredClone(this.state);
      applyEvents(applied, events, {
        userId: this.userId,
        includeSubscribers: this.params.include_subscribers === true,
        slimPresence: this.params.slim_presence === true,
        userListIncomplete: (this.params.client_capabilities as Record<string, unknown> | undefined)?.user_list_incomplete === true,
      });
      const response = await this.api.post('register', this.params);
      if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
      await this.api.delete('events', { queue_id: response.body.queue_id as string });
      const result = { applied: normalize(applied), fresh: normalize(stateOf(response.body)), events };
      if (sameJson(result.applied, result.fresh) || Date.now() >= deadline) return result;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

/** How long `compare` waits for late events when the states differ. */
const LATE_EVENTS_MS = 12_000;

/** Equal as JSON (undefined properties left out, as `toEqual` leaves them). */
function sameJson(a: State, b: State): boolean {
  return isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));
}

/**
 * Every event queued after `lastEventId`, polled without blocking until the queue has been
 * quiet three times in a row (100 ms apart): what an action's dispatch queued, all of it.
 */
export async function queuedEvents<E extends { id: number }>(api: Api, queueId: string, lastEventId: number): Promise<E[]> {
  const events: E[] = [];
  let last = lastEventId;
  let quiet = 0;
  while (quiet < 3) {
    const response = await api.get('events', { queue_id: queueId, last_event_id: last, dont_block: 'true' });
    if (response.status !== 200) throw new Error(`GET /events failed: ${JSON.stringify(response.body)}`);
    const batch = response.body.events as E[];
    if (batch.length === 0) {
      quiet += 1;
      await new Promise((resolve) => setTimeout(resolve, 100));
      continue;
    }
    quiet = 0;
    events.push(...batch);
    last = batch[batch.length - 1].id;
  }
  return events;
}

function stateOf(body: Record<string, unknown>): State {
  const state = structuredClone(body);
  for (const key of NOT_STATE) delete state[key];
  return state;
}

const byNumber = (key: string) => (a: Entry, b: Entry) => (a[key] as number) - (b[key] as number);
const byText = (key: string) => (a: Entry, b: Entry) => String(a[key]).localeCompare(String(b[key]));

/** Top-level lists a client keeps as sets: how to order them for comparison. */
const SET_ORDER: Record<string, (a: Entry, b: Entry) => number> = {
  realm_users: byNumber('user_id'),
  realm_non_active_users: byNumber('user_id'),
  cross_realm_bots: byNumber('user_id'),
  realm_bots: byNumber('user_id'),
  realm_user_groups: byNumber('id'),
  user_topics: (a, b) => byNumber('stream_id')(a, b) || byText('topic_name')(a, b),
};

/** Exported for tests that compare a register with an applied state themselves. */
export function normalize(state: State): State {
  const out: State = {};
  for (const [key, value] of Object.entries(state).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (key in SET_ORDER && Array.isArray(value)) {
      out[key] = [...(value as Entry[])].sort(SET_ORDER[key]);
    } else if (Array.isArray(value) && value.every((item) => typeof item === 'object' && item !== null && 'stream_id' in item)) {
      out[key] = [...(value as Entry[])].sort(byNumber('stream_id'));
    } else if (key === 'unread_msgs' && value !== null && typeof value === 'object') {
      const unread = value as Record<string, Entry[]>;
      out[key] = {
        ...unread,
        pms: [...unread.pms].sort(byNumber('other_user_id')),
        streams: [...unread.streams].sort((a, b) => byNumber('stream_id')(a, b) || byText('topic')(a, b)),
        huddles: [...unread.huddles].sort(byText('user_ids_string')),
      };
    } else {
      out[key] = value;
    }
  }
  return out;
}
