import { performance } from 'node:perf_hooks';
import { setTimeout as delay } from 'node:timers/promises';
import { BenchResponse, ConnectionFailure } from './client';
import { Organization, SimChannel, SimUser, TOPICS } from './capacity-org';

/**
 * The capacity bench's simulated users: each keeps a long-poll parked on its queue and,
 * while actions run, does one action of the mix after an exponential think time. What
 * is issued inside a measured window is recorded in that window.
 */

export type Action =
  | 'read channel'
  | 'send to channel'
  | 'direct message'
  | 'mark channel read'
  | 'typing'
  | 'reaction'
  | 'presence'
  | 'user profile'
  | 'user list';

export const MIX: ReadonlyArray<{ action: Action; percent: number; request: string }> = [
  { action: 'read channel', percent: 45, request: 'GET /messages anchor=newest num_before=50 num_after=0 narrow=[channel]' },
  { action: 'send to channel', percent: 15, request: 'POST /messages to one of the user\'s 3 channels, one of 5 topics' },
  { action: 'direct message', percent: 5, request: 'POST /messages type=direct to a random user' },
  { action: 'mark channel read', percent: 15, request: 'POST /messages/flags/narrow anchor=newest num_before=20 narrow=[channel] op=add flag=read' },
  { action: 'typing', percent: 10, request: 'POST /typing type=direct to=[random user] op=start' },
  { action: 'reaction', percent: 5, request: 'POST /messages/{channel\'s newest}/reactions, an emoji the user has not put there yet' },
  { action: 'user profile', percent: 4, request: 'GET /users/{random user}' },
  { action: 'user list', percent: 1, request: 'GET /users' },
];

/**
 * Presence is not in the mix: as Zulip's web app does (web/src/activity_ui.ts), every user
 * reports it every `server_presence_ping_interval_seconds` (60 s), asking for the changes
 * since its `last_update_id`; `new_user_input` says whether the user acted since.
 */
export const PRESENCE = {
  action: 'presence' as Action,
  request: 'POST /users/me/presence status=active ping_only=false new_user_input last_update_id, every server_presence_ping_interval_seconds per user',
};

/** Every action the figures are kept for: the mix's and presence. */
export const ACTIONS: readonly Action[] = [...MIX.map(({ action }) => action), PRESENCE.action];

/**
 * Reaction names the server knows. A user picks one it has not put on that message yet
 * (tracked per user), so "already reacted" cannot happen; should the list be used up on
 * one message, the action removes one of its reactions instead.
 */
const EMOJI = ['smile', 'heart', 'tada', 'rocket', 'eyes', 'laughing', 'star', 'fire', 'clap', 'wave', 'thinking', 'cake'];
const MARKER = /cap-seq-(\d+)x/;
/** A client gives up on an action after this long; it counts as an error. */
const REQUEST_TIMEOUT_MS = 30_000;

/** What one measured window saw; every action issued in [start, end) is recorded here. */
export class Window {
  end = Infinity;
  /** Set when the figures are taken: later answers are not recorded (they count as unfinished). */
  closed = false;
  readonly latencies = new Map<Action, number[]>();
  readonly errors = new Map<string, number>();
  /** The first answer's `msg` of each kind of error, to tell what it was. */
  readonly errorSamples = new Map<string, string>();
  /** Answers that are errors by HTTP status but expected (none today: see EMOJI). */
  readonly expected = new Map<string, number>();
  /** Actions issued in the window whose answer has not come yet. */
  pending = 0;
  pollsAnswered = 0;
  pollErrors = 0;
  /** Events the window's polls brought, by type (heartbeats included). */
  readonly events = new Map<string, number>();
  readonly deliveries: number[] = [];
  /** Messages of the window whose POST succeeded, and how many deliveries the window's messages owe. */
  messagesSent = 0;
  deliveriesExpected = 0;
  duplicates = 0;
  unexpected = 0;

  constructor(readonly start: number) {}

  error(key: string, sample?: unknown): void {
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
    if (sample !== undefined && !this.errorSamples.has(key)) this.errorSamples.set(key, String(sample).slice(0, 160));
  }
}

/** A message sent with a marker: who must see it on their queue, and when it was issued. */
interface Sent {
  issuedAt: number;
  window: Window | null;
  /** User indexes whose queues have not delivered it yet. */
  waiting: Set<number>;
}

export class Simulation {
  private window: Window | null = null;
  private readonly sent = new Map<number, Sent>();
  private nextSeq = 1;
  /**
   * One controller per loop: a signal shared by thousands of requests costs every request
   * a walk of its listeners (it was the load generator's largest cost).
   */
  private readonly pollControllers: AbortController[] = [];
  private actionControllers: AbortController[] = [];
  private readonly actionLoops: Promise<void>[] = [];
  private readonly pollLoops: Promise<void>[] = [];
  /** Polls in flight right now, and the users who have had at least one. */
  pollsInFlight = 0;
  readonly polled = new Set<number>();
  queuesLost = 0;
  /**
   * Requests and polls that got no answer because the connection failed, by what failed,
   * warm-up and drain included (inside a window they are errors too): a reset is never
   * passed over silently.
   */
  readonly connectionFailures = new Map<string, number>();
  private readonly presenceLoops: Promise<void>[] = [];

  constructor(
    private readonly org: Organization,
    private readonly thinkMs: number,
  ) {}

  /** The window an action issued now belongs to, if any. */
  private windowNow(at: number): Window | null {
    const window = this.window;
    return window && !window.closed && at >= window.start && at < window.end ? window : null;
  }

  openWindow(): Window {
    this.window = new Window(performance.now());
    return this.window;
  }

  startPolling(users: readonly SimUser[]): void {
    for (const user of users) {
      const controller = new AbortController();
      this.pollControllers.push(controller);
      this.pollLoops.push(this.pollLoop(user, controller.signal));
    }
  }

  startActions(): void {
    this.actionControllers = this.org.users.map(() => new AbortController());
    this.org.users.forEach((user, index) => {
      const signal = this.actionControllers[index].signal;
      this.actionLoops.push(this.actionLoop(user, signal));
      this.presenceLoops.push(this.presenceLoop(user, signal));
    });
  }

  /** Stops every user's actions and presence reports (polls stay parked) and waits for those in flight. */
  async stopActions(): Promise<void> {
    for (const controller of this.actionControllers) controller.abort();
    await Promise.all([...this.actionLoops.splice(0), ...this.presenceLoops.splice(0)]);
  }

  /** Waits until the window's messages reached every queue (or `ms` passed); answers how many deliveries are missing. */
  async drainDeliveries(window: Window, ms: number): Promise<number> {
    const deadline = performance.now() + ms;
    const missing = () => {
      let count = 0;
      for (const sent of this.sent.values()) if (sent.window === window) count += sent.waiting.size;
      return count;
    };
    while ((window.pending > 0 || missing() > 0) && performance.now() < deadline) await delay(100);
    return missing();
  }

  /** Forgets messages of past windows that will not be delivered any more (already counted as missing). */
  forgetUndelivered(): void {
    this.sent.clear();
  }

  async stopPolling(): Promise<void> {
    for (const controller of this.pollControllers) controller.abort();
    await this.stopActions();
    await Promise.all(this.pollLoops);
  }

  private async pollLoop(user: SimUser, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      let response: BenchResponse;
      this.pollsInFlight += 1;
      this.polled.add(user.index);
      try {
        response = await user.poller.get('events', { queue_id: user.queueId, last_event_id: user.lastEventId }, signal);
      } catch (error) {
        if (signal.aborted) return;
        this.connectionFailed('GET /events', error as Error);
        const window = this.windowNow(performance.now());
        if (window) {
          window.pollErrors += 1;
          window.error(`GET /events: ${(error as Error).message}`);
        }
        await delay(1000);
        continue;
      } finally {
        this.pollsInFlight -= 1;
      }
      const window = this.windowNow(response.receivedAt);
      if (response.status !== 200) {
        if (window) {
          window.pollErrors += 1;
          window.error(`GET /events: ${response.status} ${String(response.body.code ?? '')}`, response.body.msg);
        }
        // A lost queue is what a real client re-registers after.
        if (response.body.code === 'BAD_EVENT_QUEUE_ID') {
          this.queuesLost += 1;
          await this.org.registerOne(user).catch(() => delay(1000));
        } else {
          await delay(1000);
        }
        continue;
      }
      if (window) window.pollsAnswered += 1;
      const events = response.body.events as Array<{ id: number; type: string; message?: { id: number; content: string; stream_id?: number } }>;
      for (const event of events) {
        if (event.id > user.lastEventId) user.lastEventId = event.id;
        if (window) window.events.set(event.type, (window.events.get(event.type) ?? 0) + 1);
        if (event.type === 'message' && event.message) this.delivered(user, event.message, response.receivedAt);
      }
    }
  }

  private delivered(user: SimUser, message: { id: number; content: string; stream_id?: number }, at: number): void {
    if (message.stream_id !== undefined) {
      const channel = this.org.channelOfStream(message.stream_id);
      if (channel && message.id > channel.newestMessageId) channel.newestMessageId = message.id;
    }
    const match = MARKER.exec(message.content);
    if (!match) return;
    const sent = this.sent.get(Number(match[1]));
    if (!sent) return;
    if (!sent.waiting.delete(user.index)) {
      if (sent.window && !sent.window.closed) sent.window.duplicates += 1;
      return;
    }
    if (sent.window && !sent.window.closed) sent.window.deliveries.push(at - sent.issuedAt);
    if (sent.waiting.size === 0) this.sent.delete(Number(match[1]));
  }

  private async actionLoop(user: SimUser, signal: AbortSignal): Promise<void> {
    try {
      for (;;) {
        // Exponential think times make each user's actions a Poisson process: a user that
        // starts with one is already in the steady state.
        await delay(-Math.log(1 - Math.random()) * this.thinkMs, undefined, { signal });
        await this.act(user, pick());
        user.actedSincePresence = true;
      }
    } catch (error) {
      if (!signal.aborted) throw error;
    }
  }

  /** A user's presence reports: one per interval, each user at its own moment in it (a steady state from the start). */
  private async presenceLoop(user: SimUser, signal: AbortSignal): Promise<void> {
    const intervalMs = this.org.presenceIntervalSeconds * 1000;
    try {
      await delay(Math.random() * intervalMs, undefined, { signal });
      for (;;) {
        const started = performance.now();
        const newUserInput = user.actedSincePresence;
        user.actedSincePresence = false;
        const response = await this.call(user, PRESENCE.action, 'post', 'users/me/presence', 'POST /users/me/presence', {
          status: 'active', ping_only: false, new_user_input: newUserInput, last_update_id: user.presenceLastUpdateId,
        });
        const last = response?.body.presence_last_update_id;
        if (typeof last === 'number') user.presenceLastUpdateId = last;
        await delay(Math.max(0, intervalMs - (performance.now() - started)), undefined, { signal });
      }
    } catch (error) {
      if (!signal.aborted) throw error;
    }
  }

  private connectionFailed(label: string, error: Error): void {
    if (!(error instanceof ConnectionFailure)) return;
    const key = `${label}: ${error.message}`;
    this.connectionFailures.set(key, (this.connectionFailures.get(key) ?? 0) + 1);
  }

  private async act(user: SimUser, action: Action): Promise<void> {
    const channel = this.org.channels[any(user.channels)];
    switch (action) {
      case 'read channel':
        await this.call(user, action, 'get', 'messages', 'GET /messages', {
          anchor: 'newest', num_before: 50, num_after: 0, narrow: [{ operator: 'channel', operand: channel.streamId }],
        });
        return;
      case 'send to channel':
        await this.send(user, action, channel.members, { type: 'stream', to: channel.streamId, topic: any(TOPICS) }, channel);
        return;
      case 'direct message': {
        const other = this.otherUser(user);
        await this.send(user, action, [user.index, other.index], { type: 'direct', to: [other.userId] }, null);
        return;
      }
      case 'mark channel read':
        await this.call(user, action, 'post', 'messages/flags/narrow', 'POST /messages/flags/narrow', {
          anchor: 'newest', num_before: 20, num_after: 0, narrow: [{ operator: 'channel', operand: channel.streamId }], op: 'add', flag: 'read',
        });
        return;
      case 'typing':
        await this.call(user, action, 'post', 'typing', 'POST /typing', { type: 'direct', to: [this.otherUser(user).userId], op: 'start' });
        return;
      case 'reaction':
        await this.react(user, channel);
        return;
      case 'user profile':
        await this.call(user, action, 'get', `users/${this.otherUser(user).userId}`, 'GET /users/{id}', {});
        return;
      case 'user list':
        await this.call(user, action, 'get', 'users', 'GET /users', {});
        return;
    }
  }

  private async send(user: SimUser, action: Action, recipients: number[], params: Record<string, unknown>, channel: SimChannel | null): Promise<void> {
    const seq = this.nextSeq++;
    const issuedAt = performance.now();
    const window = this.windowNow(issuedAt);
    // Known before the POST: a delivery may come before the POST's own answer. A message
    // whose POST is still unanswered when the window's figures are taken owes its
    // deliveries too (they count as missing).
    this.sent.set(seq, { issuedAt, window, waiting: new Set(recipients) });
    if (window) window.deliveriesExpected += recipients.length;
    const content = `capacity check from user ${user.index + 1}: cap-seq-${seq}x`;
    const response = await this.call(user, action, 'post', 'messages', 'POST /messages', { ...params, content }, issuedAt);
    if (response?.status !== 200) {
      this.sent.delete(seq);
      if (window && !window.closed) window.deliveriesExpected -= recipients.length;
      return;
    }
    if (window && !window.closed) window.messagesSent += 1;
    if (channel) channel.newestMessageId = Math.max(channel.newestMessageId, response.body.id as number);
  }

  private async react(user: SimUser, channel: SimChannel): Promise<void> {
    const messageId = channel.newestMessageId;
    let used = user.reacted.get(messageId);
    if (!used) {
      used = new Set();
      user.reacted.set(messageId, used);
      // Only recent messages get reactions: a few are enough to remember.
      if (user.reacted.size > 8) user.reacted.delete(user.reacted.keys().next().value as number);
    }
    const unused = EMOJI.filter((name) => !used.has(name));
    const route = `messages/${messageId}/reactions`;
    if (unused.length === 0) {
      const name = any([...used]);
      const removed = await this.call(user, 'reaction', 'delete', route, 'DELETE /messages/{id}/reactions', { emoji_name: name });
      if (removed?.status === 200) used.delete(name);
      return;
    }
    const name = any(unused);
    const added = await this.call(user, 'reaction', 'post', route, 'POST /messages/{id}/reactions', { emoji_name: name });
    if (added?.status === 200 || added?.body.code === 'REACTION_ALREADY_EXISTS') used.add(name);
  }

  /**
   * One request of an action, recorded in the window it was issued in: its latency (to
   * the answer's last byte), and as an error unless 2xx. Answers undefined on a network error.
   */
  private async call(
    user: SimUser,
    action: Action,
    method: 'get' | 'post' | 'delete',
    route: string,
    label: string,
    params: Record<string, unknown>,
    issuedAt = performance.now(),
  ): Promise<BenchResponse | undefined> {
    const window = this.windowNow(issuedAt);
    if (window) window.pending += 1;
    let response: BenchResponse | undefined;
    let failure: string | null = null;
    try {
      response = await user.actor[method](route, params, AbortSignal.timeout(REQUEST_TIMEOUT_MS));
    } catch (error) {
      this.connectionFailed(label, error as Error);
      // The only signal is the timeout's: an abort is a request that took too long.
      failure = `${label}: ${(error as Error).name === 'AbortError' ? `no answer in ${REQUEST_TIMEOUT_MS / 1000} s` : (error as Error).message}`;
    }
    if (!window || window.closed) return response;
    window.pending -= 1;
    const latency = (response?.receivedAt ?? performance.now()) - issuedAt;
    (window.latencies.get(action) ?? window.latencies.set(action, []).get(action) ?? []).push(latency);
    if (failure !== null) window.error(failure);
    else if (response && (response.status < 200 || response.status > 299)) {
      const key = `${label}: ${response.status} ${String(response.body.code ?? '')}`.trim();
      if (response.body.code === 'REACTION_ALREADY_EXISTS') window.expected.set(key, (window.expected.get(key) ?? 0) + 1);
      else window.error(key, response.body.msg ?? response.body.raw);
    }
    return response;
  }

  private otherUser(user: SimUser): SimUser {
    const users = this.org.users;
    const other = Math.floor(Math.random() * (users.length - 1));
    return users[other >= user.index ? other + 1 : other];
  }
}

function pick(): Action {
  let roll = Math.random() * 100;
  for (const { action, percent } of MIX) {
    roll -= percent;
    if (roll < 0) return action;
  }
  return MIX[0].action;
}

const any = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)];
