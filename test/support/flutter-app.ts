import { Api, ApiResponse, Params } from './api';
import { FlutterSchema } from './flutter-schema';
import { postMultipart } from './multipart';

/**
 * A client that makes the requests Zulip's mobile app makes, as the app encodes them (see
 * test/fixtures/zulip-flutter-schema.json for the app's commit): its User-Agent, its
 * parameters, values either raw (the app's `RawParameter`) or as JSON text (everything
 * else, `jsonEncode`d). Every request must be one of the app's route bindings (the fixture's
 * `requests`), every answer is checked against that binding's decoder, and every event
 * against the app's event decoders: `problems` collects what the app would not send or could
 * not decode; the schema notes which bindings were sent.
 */

export const FLUTTER_USER_AGENT = 'ZulipFlutter/30.0.274+30274 (Android 14)';

/** The parameters of the app's `registerQueue`, as its store calls it. */
export const APP_REGISTER_PARAMS: Params = {
  // `IdleQueueTimeout.mobile`, JSON-encoded like every non-raw parameter: `"mobile"`.
  idle_queue_timeout: JSON.stringify('mobile'),
  apply_markdown: true,
  client_gravatar: false,
  slim_presence: true,
  client_capabilities: {
    notification_settings_null: true,
    bulk_message_deletion: true,
    user_avatar_url_field_optional: true,
    stream_typing_notifications: true,
    user_settings_object: true,
    include_deactivated_groups: true,
    empty_topic_name: true,
    individual_emoji_changes: true,
  },
};

/** A JSON event as the app receives it. */
export interface AppEvent {
  id: number;
  type: string;
  op?: string;
  [key: string]: unknown;
}

export class FlutterApp {
  /** What the app could not decode, by request or event: empty when it decoded everything. */
  readonly problems: string[] = [];
  /** Every event the app's queue delivered. */
  readonly events: AppEvent[] = [];
  queueId = '';
  lastEventId = -1;

  constructor(
    readonly api: Api,
    readonly schema: FlutterSchema,
  ) {}

  /**
   * A request of the app: one its route bindings make (else that is a problem), its answer
   * checked with the decoder that binding uses.
   */
  async call(method: string, route: string, params: Params = {}): Promise<ApiResponse> {
    const binding = this.schema.requestFor(method, route);
    const response = await this.api.request(method, route, params, { headers: { 'user-agent': FLUTTER_USER_AGENT } });
    if (binding === undefined) {
      this.problems.push(`${method} ${route}: the app makes no such request`);
      return response;
    }
    this.expectDecodable(binding, `${method} ${route}`, response);
    return response;
  }

  /** An upload the way the app sends it: one multipart part named `file`. */
  async upload(filename: string, contentType: string, data: Buffer): Promise<ApiResponse> {
    const response = await postMultipart(this.withUserAgent(), 'user_uploads', [{ field: 'file', filename, contentType, data }]);
    this.expectDecodable('uploadFile', 'POST user_uploads', response);
    return response;
  }

  /**
   * `fetchServerEmojiData`: the app fetches the snapshot's `server_emoji_data_url` without
   * its credentials; the answer has no `result`. Answers the emoji data.
   */
  async fetchServerEmojiData(url: string): Promise<Record<string, unknown>> {
    const target = new URL(url);
    const response = await this.api.as(null).request('GET', target.pathname + target.search, {}, { headers: { 'user-agent': FLUTTER_USER_AGENT } });
    this.schema.requested.add('fetchServerEmojiData');
    if (response.status !== 200) this.problems.push(`GET ${url}: ${response.status} ${JSON.stringify(response.body)}`);
    else for (const problem of this.schema.check('ServerEmojiData', response.body)) this.problems.push(`GET ${url} (ServerEmojiData): ${problem}`);
    return response.body;
  }

  /** `registerQueue` with the app's parameters; remembers the queue. */
  async register(): Promise<Record<string, unknown>> {
    const response = await this.call('POST', 'register', APP_REGISTER_PARAMS);
    this.queueId = response.body.queue_id as string;
    this.lastEventId = response.body.last_event_id as number;
    return response.body;
  }

  /** `getEvents` as the app long-polls, until an event `last` accepts came; answers the new events. */
  async eventsUntil(what: string, last: (event: AppEvent) => boolean, timeoutMs = 10_000): Promise<AppEvent[]> {
    const fresh: AppEvent[] = [];
    const deadline = Date.now() + timeoutMs;
    while (!fresh.some(last)) {
      let response: ApiResponse;
      try {
        response = await this.api.request('GET', 'events', { queue_id: this.queueId, last_event_id: this.lastEventId }, {
          headers: { 'user-agent': FLUTTER_USER_AGENT },
          signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
        });
      } catch {
        throw new Error(`waited ${timeoutMs} ms for ${what}; the app's queue delivered ${JSON.stringify(fresh)}`);
      }
      this.expectDecodable('getEvents', 'GET events', response);
      for (const event of response.body.events as AppEvent[]) {
        fresh.push(event);
        this.events.push(event);
        this.lastEventId = event.id;
      }
    }
    return fresh;
  }

  private withUserAgent(): Api {
    const api = this.api;
    // postMultipart sends through `request`; the app's User-Agent rides along.
    return Object.assign(Object.create(api) as Api, {
      request: (method: string, route: string, params: Params, options: Parameters<Api['request']>[3] = {}) =>
        api.request(method, route, params, { ...options, headers: { ...options.headers, 'user-agent': FLUTTER_USER_AGENT } }),
    });
  }

  /** Notes the app's binding `binding` as sent, and checks its answer with the binding's decoder. */
  private expectDecodable(binding: string, what: string, response: ApiResponse): void {
    this.schema.requested.add(binding);
    if (response.status !== 200 || response.body.result !== 'success') {
      this.problems.push(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
      return;
    }
    const decoder = this.schema.requests()[binding].decoder;
    if (decoder === null) return;
    for (const problem of this.schema.check(decoder, response.body)) this.problems.push(`${what} (${decoder}): ${problem}`);
  }
}
