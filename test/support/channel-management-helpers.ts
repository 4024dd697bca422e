import { Api, ApiResponse, Params } from './api';

/** Helpers of test/channel-management.spec.ts: a polling queue, request shortcuts, the channel keys. */

export interface Event {
  id: number;
  type: string;
  [field: string]: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** A registered queue, polled until the events a test waits for arrive. */
export class ChannelEventQueue {
  constructor(
    readonly api: Api,
    readonly id: string,
    public lastEventId: number,
  ) {}

  static async register(api: Api, params: Params = {}): Promise<ChannelEventQueue> {
    const response = await api.post('register', {
      fetch_event_types: [],
      event_types: ['stream', 'subscription', 'default_streams', 'delete_message'],
      ...params,
    });
    if (response.status !== 200) throw new Error(`register failed: ${JSON.stringify(response.body)}`);
    return new ChannelEventQueue(api, response.body.queue_id as string, response.body.last_event_id as number);
  }

  /** Polls until `done` holds for the events gathered so far; returns them all. */
  async until(done: (events: Event[]) => boolean, timeoutMs = 10_000): Promise<Event[]> {
    const events: Event[] = [];
    const deadline = Date.now() + timeoutMs;
    while (!done(events)) {
      let response: ApiResponse;
      try {
        response = await this.api.request(
          'GET', 'events', { queue_id: this.id, last_event_id: this.lastEventId },
          { signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())) },
        );
      } catch {
        throw new Error(`timed out; events so far: ${JSON.stringify(events)}`);
      }
      for (const event of response.body.events as Event[]) {
        events.push(event);
        this.lastEventId = event.id;
      }
    }
    return events;
  }
}

export const CHANNEL_KEYS = [
  'can_add_subscribers_group', 'can_administer_channel_group', 'can_remove_subscribers_group',
  'can_send_message_group', 'can_subscribe_group', 'creator_id', 'date_created', 'description',
  'first_message_id', 'history_public_to_subscribers', 'invite_only', 'is_announcement_only', 'is_archived',
  'is_recently_active', 'is_web_public', 'message_retention_days', 'name', 'rendered_description', 'stream_id',
  'stream_post_policy', 'stream_weekly_traffic',
].sort();

export async function subscribe(api: Api, names: string[], principals: number[], extra: Params = {}): Promise<void> {
  const response = await api.post('users/me/subscriptions', { subscriptions: names.map((name) => ({ name })), principals, ...extra });
  if (response.status !== 200) throw new Error(`subscribe failed: ${JSON.stringify(response.body)}`);
}

export async function send(api: Api, to: string, topic: string, content = 'hello'): Promise<number> {
  const response = await api.post('messages', { type: 'stream', to, topic, content });
  if (response.status !== 200) throw new Error(`send failed: ${JSON.stringify(response.body)}`);
  return response.body.id as number;
}

export async function idOf(api: Api, name: string): Promise<number> {
  const response = await api.get('get_stream_id', { stream: name });
  if (response.status !== 200) throw new Error(`get_stream_id failed: ${JSON.stringify(response.body)}`);
  return response.body.stream_id as number;
}

export async function streamNames(api: Api, params: Params = {}): Promise<string[]> {
  const response = await api.get('streams', params);
  expect(response.status).toBe(200);
  // Leaves out the realm's own default channel (`general`), which every new user joins.
  return (response.body.streams as { name: string }[]).map((stream) => stream.name).filter((name) => name.startsWith('mg-'));
}
