import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { testServer } from './support/api';

/**
 * The official JavaScript bindings (`zulip-js`) drive the server unchanged: a zuliprc
 * file as the server writes it for the root realm's owner, signing in with a password,
 * register, send, receive events, react, flag, edit. They post multipart bodies and put every
 * GET/PATCH/DELETE parameter in the query string, as zulip-js 2.1 does.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface ZulipClient {
  config: { apiKey: string; username: string; realm: string };
  callEndpoint(endpoint: string, method?: string, params?: Json): Promise<Json>;
  queues: { register(params: Json): Promise<Json>; deregister(params: Json): Promise<Json> };
  events: { retrieve(params: Json): Promise<Json> };
  messages: {
    send(params: Json): Promise<Json>;
    update(params: Json): Promise<Json>;
    retrieve(params: Json): Promise<Json>;
    getById(params: Json): Promise<Json>;
    flags: { add(params: Json): Promise<Json>; remove(params: Json): Promise<Json> };
  };
  reactions: { add(params: Json): Promise<Json>; remove(params: Json): Promise<Json> };
  users: {
    me: { getProfile(): Promise<Json>; subscriptions: { add(params: Json): Promise<Json> } };
    create(params: Json): Promise<Json>;
  };
  streams: { getStreamId(params: Json): Promise<Json> };
}

// zulip-js ships CommonJS without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const zulip = require('zulip-js') as (config: Json) => Promise<ZulipClient>;

describe('zulip-js', () => {
  let owner: ZulipClient;
  let alice: ZulipClient;
  let site: string;
  const channel = `zulip-js-${randomBytes(3).toString('hex')}`;

  beforeAll(async () => {
    // The server writes the root realm owner's zuliprc into DATA_DIR on its first start.
    const zuliprc = path.join(testServer().dataDir, 'zuliprc');
    expect(fs.existsSync(zuliprc)).toBe(true);
    owner = await zulip({ zuliprc });
    site = owner.config.realm;
    const email = `alice-${randomBytes(3).toString('hex')}@example.com`;
    const created = await owner.users.create({ email, password: 'alice-password-1', full_name: 'Alice JS' });
    expect(created.result).toBe('success');
    // Sign in with a password: the bindings call /fetch_api_key themselves.
    alice = await zulip({ username: email, password: 'alice-password-1', realm: site });
    expect(alice.config.apiKey).toMatch(/^[A-Za-z0-9]{32}$/);
  });

  it('registers, sends, receives events, reacts, flags and edits', async () => {
    const me = await alice.users.me.getProfile();
    expect(me).toMatchObject({ result: 'success', full_name: 'Alice JS' });

    const subscribed = await owner.users.me.subscriptions.add({
      subscriptions: JSON.stringify([{ name: channel }]),
      principals: JSON.stringify([me.user_id]),
    });
    expect(subscribed.result).toBe('success');
    const { stream_id: streamId } = await alice.streams.getStreamId({ stream: channel });
    expect(streamId).toEqual(expect.any(Number));

    const queue = await alice.queues.register({ event_types: ['message', 'reaction', 'update_message_flags', 'update_message'] });
    expect(queue).toMatchObject({ result: 'success', queue_id: expect.any(String), last_event_id: -1 });

    const sent = await owner.messages.send({ to: channel, type: 'stream', topic: 'hello', content: 'hi from **zulip-js**' });
    expect(sent).toMatchObject({ result: 'success', id: expect.any(Number) });

    const first = await alice.events.retrieve({ queue_id: queue.queue_id, last_event_id: -1 });
    const messageEvent = (first.events as Json[]).find((event) => event.type === 'message' && event.message.id === sent.id);
    expect(messageEvent?.message).toMatchObject({ content: 'hi from **zulip-js**', subject: 'hello', display_recipient: channel });
    const lastSeen = (first.events as Json[]).at(-1)?.id as number;

    const reacted = await alice.reactions.add({ message_id: sent.id, emoji_name: 'octopus' });
    expect(reacted.result).toBe('success');
    const flagged = await alice.messages.flags.add({ messages: [sent.id], flag: 'starred' });
    expect(flagged).toMatchObject({ result: 'success', messages: [sent.id] });

    // zulip-js sends PATCH parameters in the query string, the message id among them.
    const edited = await owner.messages.update({ message_id: sent.id, content: 'hi again from **zulip-js**' });
    expect(edited.result).toBe('success');

    const next = await alice.events.retrieve({ queue_id: queue.queue_id, last_event_id: lastSeen });
    expect((next.events as Json[]).map((event) => [event.type, event.op])).toEqual([
      ['reaction', 'add'],
      ['update_message_flags', 'add'],
      ['update_message', undefined],
    ]);
    expect((next.events as Json[])[2]).toMatchObject({ message_id: sent.id, content: 'hi again from **zulip-js**', orig_content: 'hi from **zulip-js**' });

    const fetched = await alice.messages.retrieve({
      anchor: 'newest', num_before: 1, num_after: 0, narrow: [{ operator: 'channel', operand: channel }],
    });
    expect(fetched.messages[0]).toMatchObject({
      id: sent.id,
      reactions: [{ emoji_name: 'octopus', reaction_type: 'unicode_emoji', user_id: me.user_id }],
    });
    expect(fetched.messages[0].flags).toContain('starred');

    const gone = await alice.queues.deregister({ queue_id: queue.queue_id });
    expect(gone.result).toBe('success');
  });
});
