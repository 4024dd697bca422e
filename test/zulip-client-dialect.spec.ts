import { createTestRealm, ok, TestRealm, TestUser } from './support/api';
import { send, subscribe } from './support/channel-management-helpers';
import { Queue } from './support/queue';

/**
 * Zulip's own clients get Zulip's spelling of the special emoji set (`zulip_extra_emoji`),
 * in answers and in the events of their queues; every other client keeps the spec's
 * `svc_extra_emoji` (src/shared/wire-dialect.ts, docs/zulip-differences.md).
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const FLUTTER = 'ZulipFlutter/0.0.30+30 (Android 14)';
const ZULIP_SPECIAL = { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'zulip_extra_emoji' };
const SPEC_SPECIAL = { emoji_name: 'zulip', emoji_code: 'zulip', reaction_type: 'svc_extra_emoji' };

describe("Zulip clients' spelling of the special emoji", () => {
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;
  let channel: string;

  /** A request as the mobile app makes it (its User-Agent names it). */
  const asApp = (user: TestUser, method: string, route: string, params: Json = {}) => user.api.request(method, route, params, { headers: { 'user-agent': FLUTTER } });

  beforeAll(async () => {
    realm = await createTestRealm('dialect');
    ann = await realm.createUser('Ann');
    bob = await realm.createUser('Bob');
    channel = `dialect-${Date.now()}`;
    await subscribe(ann.api, [channel], [ann.userId, bob.userId]);
  });

  it('answers reactions in Zulip spelling to the app and in the spec spelling to others', async () => {
    const messageId = await send(ann.api, channel, 'reacts', 'a message named "reaction_type":"svc_extra_emoji"');
    await ok(ann.api.post(`messages/${messageId}/reactions`, { emoji_name: 'zulip' }));

    const fromApp = await asApp(bob, 'GET', `messages/${messageId}`);
    expect(fromApp.status).toBe(200);
    expect(fromApp.body.message.reactions).toEqual([{ ...ZULIP_SPECIAL, user_id: ann.userId }]);
    // Text that only mentions the name is the sender's, spelled as sent.
    expect(fromApp.body.message.content).toContain('svc_extra_emoji');

    const listed = await asApp(bob, 'GET', 'messages', { anchor: messageId, num_before: 0, num_after: 0, narrow: JSON.stringify([{ operator: 'channel', operand: channel }]) });
    expect((listed.body.messages as Json[])[0].reactions).toEqual([{ ...ZULIP_SPECIAL, user_id: ann.userId }]);

    const fromOther = await bob.api.get(`messages/${messageId}`);
    expect(fromOther.body.message.reactions).toEqual([{ ...SPEC_SPECIAL, user_id: ann.userId }]);
  });

  it("gives the app's queue the events in Zulip spelling, and a spec client's queue the same events in the spec's", async () => {
    const appQueue = await Queue.register(bob.api, { event_types: ['reaction', 'message'], client: 'ZulipFlutter' });
    const otherQueue = await Queue.register(bob.api, { event_types: ['reaction', 'message'] });
    const messageId = await send(ann.api, channel, 'events');
    await ok(ann.api.post(`messages/${messageId}/reactions`, { emoji_name: 'zulip' }));

    const [appMessage, appReaction] = await appQueue.take(2);
    const [otherMessage, otherReaction] = await otherQueue.take(2);
    expect(appMessage.type).toBe('message');
    expect(otherMessage.type).toBe('message');
    expect(appReaction).toMatchObject({ type: 'reaction', op: 'add', message_id: messageId, ...ZULIP_SPECIAL });
    expect(otherReaction).toMatchObject({ type: 'reaction', op: 'add', message_id: messageId, ...SPEC_SPECIAL });
  });

  it("spells a status's special emoji as Zulip does in the app's register state and events", async () => {
    const appQueue = await Queue.register(bob.api, { event_types: ['user_status'], client: 'ZulipFlutter' });
    await ok(ann.api.post('users/me/status', { emoji_name: 'zulip', status_text: 'here' }));
    const [event] = await appQueue.take(1);
    expect(event).toMatchObject({ type: 'user_status', user_id: ann.userId, ...ZULIP_SPECIAL });

    const registered = await asApp(bob, 'POST', 'register', { fetch_event_types: JSON.stringify(['user_status']) });
    expect(registered.body.user_status[String(ann.userId)]).toEqual({ status_text: 'here', ...ZULIP_SPECIAL });
    const specRegistered = await bob.api.post('register', { fetch_event_types: JSON.stringify(['user_status']) });
    expect(specRegistered.body.user_status[String(ann.userId)]).toEqual({ status_text: 'here', ...SPEC_SPECIAL });
  });
});
