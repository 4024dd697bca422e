import * as http from 'node:http';
import { performance } from 'node:perf_hooks';
import { Client } from 'pg';
import { Credentials, TestRealm } from '../test/support/api';
import { BenchClient } from './client';
import { LeanPoller } from './lean-poller';
import { mapLimit } from './harness';
import { cloneUsers, subscribeUsers } from './users';

/**
 * The capacity bench's organization: a realm that grows step by step. Each step adds
 * users and one new channel per 20 of them; every new user is in 3 of its step's new
 * channels, so each channel has about 60 members (and the owner, who created it and has no
 * queue). Users and channels of earlier steps stay as they were.
 */

/** One simulated user: the two clients it talks through and what its client remembers. */
export interface SimUser {
  index: number;
  userId: number;
  credentials: Credentials;
  /** Indexes into `Organization.channels`. */
  channels: number[];
  /** Its long-poll, on a socket of its own. */
  poller: LeanPoller;
  /** On the shared action pool: register and every action. */
  actor: BenchClient;
  queueId: string;
  lastEventId: number;
  /** What the last presence answer (or register) said; sent back as `last_update_id`. */
  presenceLastUpdateId: number;
  /** Whether the user did an action since its last presence report (its `new_user_input`). */
  actedSincePresence: boolean;
  /** Emoji this user put on recent messages (message id -> names), newest last. */
  reacted: Map<number, Set<string>>;
}

export interface SimChannel {
  /** Index in `Organization.channels`; -1 until its step takes it. */
  index: number;
  streamId: number;
  name: string;
  /** Indexes into `Organization.users`. */
  members: number[];
  /** The newest message id this process knows of (from sends and from deliveries). */
  newestMessageId: number;
}

/** How long each part of a step's set-up took, in seconds. */
export interface SetupTimes {
  users: number;
  channels: number;
  history: number;
  register: number;
}

export const TOPICS = ['standup', 'design', 'incidents', 'random', 'release'];
export const USERS_PER_CHANNEL = 20;
export const CHANNELS_PER_USER = 3;

/** History messages sent at once. */
const CREATE_CONCURRENCY = 8;
const REGISTER_CONCURRENCY = 8;

export class Organization {
  readonly users: SimUser[] = [];
  /** How often a client reports presence: register's `server_presence_ping_interval_seconds`. */
  presenceIntervalSeconds = 60;
  readonly channels: SimChannel[] = [];
  private readonly channelByStreamId = new Map<number, SimChannel>();
  /** Channels made ahead of their step (`createChannels`), in the order steps take them. */
  private readonly reserved: SimChannel[] = [];

  private steps = 0;

  constructor(
    readonly realm: TestRealm,
    /** The user every simulated user is a copy of: made through the API, in no channel. */
    private readonly templateUserId: number,
    private readonly db: Client,
    /** The server processes' ports: user i talks to `ports[i % ports.length]` alone, as a sticky balancer sends it. */
    private readonly ports: readonly number[],
    private readonly actionAgent: http.Agent,
  ) {}

  channelOfStream(streamId: number): SimChannel | undefined {
    return this.channelByStreamId.get(streamId);
  }

  /** Channels a step adding `users` users gets: one per 20, and at least the 3 each user is in. */
  static channelsFor(users: number): number {
    return Math.max(CHANNELS_PER_USER, Math.round(users / USERS_PER_CHANNEL));
  }

  /**
   * Creates `count` channels through the API, the owner (an admin without a queue) their
   * one member, for the steps to fill later. All are made before the first queue exists:
   * creating a channel is an event on every parked queue, and 25 channels took 44 s next to
   * 1,000 parked queues (87 s one request each next to 500), too slow a set-up for the
   * larger steps. Until its step comes, a channel has no member but the owner.
   */
  async createChannels(count: number): Promise<void> {
    const names = Array.from({ length: count }, (_, c) => `capacity-${String(this.reserved.length + c + 1).padStart(4, '0')}`);
    for (let from = 0; from < names.length; from += 50) {
      const chunk = names.slice(from, from + 50);
      const created = await this.realm.ownerApi.post('users/me/subscriptions', {
        subscriptions: chunk.map((name) => ({ name, description: 'Capacity bench traffic' })),
        principals: [this.realm.owner.userId],
      });
      if (created.status !== 200) throw new Error(`creating channels failed: ${JSON.stringify(created.body)}`);
    }
    const streams = await this.db.query<{ id: number; name: string }>(
      'SELECT s.id, s.name FROM stream s JOIN realm r ON r.id = s.realm_id WHERE r.string_id = $1 AND s.name = ANY($2::text[])',
      [this.realm.subdomain, names],
    );
    const streamIds = new Map(streams.rows.map((row) => [row.name, row.id]));
    for (const name of names) {
      const streamId = streamIds.get(name);
      if (streamId === undefined) throw new Error(`#${name} is not in the database`);
      this.reserved.push({ index: -1, streamId, name, members: [], newestMessageId: 0 });
    }
  }

  /**
   * Grows the organization to `target` users (with channels and history); their queues
   * come later (`register`). The users are copies of `templateUserId` written by SQL
   * (bench/users.ts): the API has no bulk way, and `POST /users` took about a second per
   * user once 500 queues were parked (each new user is an event on every queue; on a busy
   * 2-core machine), 8 minutes for the second 500. Their channels were made beforehand
   * (`createChannels`); the members are subscribed by SQL too.
   */
  async grow(target: number, historyPerChannel: number, log: (line: string) => void): Promise<{ added: SimUser[]; times: Omit<SetupTimes, 'register'> }> {
    const first = this.users.length;
    const count = target - first;
    let started = performance.now();
    const step = ++this.steps;
    // A domain per step: cloneUsers numbers the copies of each call from 1.
    const ids = await cloneUsers(this.db, this.templateUserId, count, `step${step}.${this.realm.subdomain}.test`, `Capacity S${step} User`);
    const keys = await this.db.query<{ id: number; email: string; api_key: string }>(
      'SELECT id, delivery_email AS email, api_key FROM user_profile WHERE id = ANY($1::int[]) ORDER BY id',
      [ids],
    );
    const usersSeconds = seconds(started);

    // The step's channels: user i of the block is in channels g, g+1, g+2 (mod the block's
    // channel count), g = its group of 20; so each channel has 3 groups of 20.
    started = performance.now();
    const channelCount = Organization.channelsFor(count);
    if (this.reserved.length < channelCount) await this.createChannels(channelCount - this.reserved.length);
    const firstChannel = this.channels.length;
    const added: SimUser[] = keys.rows.map((row, i) => {
      const group = Math.floor((i * channelCount) / count);
      const channels = Array.from({ length: CHANNELS_PER_USER }, (_, k) => firstChannel + ((group + k) % channelCount));
      const credentials = { email: row.email, apiKey: row.api_key };
      const port = this.ports[(first + i) % this.ports.length];
      return {
        index: first + i,
        userId: row.id,
        credentials,
        channels,
        poller: new LeanPoller(port, this.realm.subdomain, credentials),
        actor: new BenchClient(port, this.realm.subdomain, credentials, this.actionAgent),
        queueId: '',
        lastEventId: -1,
        presenceLastUpdateId: -1,
        actedSincePresence: true,
        reacted: new Map(),
      };
    });
    this.users.push(...added);
    const newChannels = this.reserved.splice(0, channelCount);
    for (const channel of newChannels) {
      channel.index = this.channels.length;
      channel.members = added.filter((user) => user.channels.includes(channel.index)).map((user) => user.index);
      this.channels.push(channel);
      this.channelByStreamId.set(channel.streamId, channel);
    }
    await subscribeUsers(this.db, this.realm.subdomain, newChannels.map((channel) => channel.name), newChannels.map((channel) => channel.members.map((index) => this.users[index].userId)));
    const channelsSeconds = seconds(started);
    log(`  ${count} users (${usersSeconds.toFixed(1)} s) and ${channelCount} channels' members (${channelsSeconds.toFixed(1)} s) added`);

    // Some history in each new channel, through the API, so that reading the newest 50 is
    // not reading nothing and every channel has a newest message to react to.
    started = performance.now();
    await mapLimit(newChannels.length * historyPerChannel, CREATE_CONCURRENCY, async (i) => {
      const channel = newChannels[i % newChannels.length];
      const n = Math.floor(i / newChannels.length);
      const sender = this.users[channel.members[n % channel.members.length]];
      const response = await sender.actor.post('messages', {
        type: 'stream', to: channel.streamId, topic: TOPICS[n % TOPICS.length], content: `history ${n + 1} of #${channel.name}`,
      });
      if (response.status !== 200) throw new Error(`seeding #${channel.name} failed: ${JSON.stringify(response.body)}`);
      channel.newestMessageId = Math.max(channel.newestMessageId, response.body.id as number);
    });
    // The tables just grew by SQL in bulk: their statistics are brought up to date, as
    // autovacuum soon would, so that no window's plans depend on whether autovacuum had run
    // yet (with the statistics of an empty realm, who holds a message was read by probing
    // every user: 4 ms a reaction instead of a tenth of that).
    await this.db.query('ANALYZE');
    return { added, times: { users: usersSeconds, channels: channelsSeconds, history: seconds(started) } };
  }

  /** Gives each of `users` an event queue: `POST /register` with a real client's defaults (no options). */
  async register(users: readonly SimUser[]): Promise<void> {
    await mapLimit(users.length, REGISTER_CONCURRENCY, (i) => this.registerOne(users[i]));
  }

  async registerOne(user: SimUser): Promise<void> {
    const response = await user.actor.post('register', {});
    if (response.status !== 200) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
    user.queueId = response.body.queue_id as string;
    user.lastEventId = response.body.last_event_id as number;
    const presence = response.body.presence_last_update_id;
    user.presenceLastUpdateId = typeof presence === 'number' ? presence : -1;
    const interval = response.body.server_presence_ping_interval_seconds;
    if (typeof interval === 'number' && interval > 0) this.presenceIntervalSeconds = interval;
  }
}

const seconds = (since: number) => (performance.now() - since) / 1000;
