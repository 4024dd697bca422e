import { sendMessage, succeeded } from './support/api';
import { Actor, AuditWorld, buildAuditWorld, SECRET_WORD } from './support/access-audit-fixture';
import { FilePart, postMultipart } from './support/multipart';
import { Event, Queue } from './support/queue';

/**
 * The access-control audit (issue 9), events half: the actors of test/access-audit.spec.ts
 * register queues (every event type); the insiders then post in their private channel,
 * edit, react, star, move, type, attach widgets, upload, change the channel and exchange
 * direct messages. None of it reaches the actors' queues, nor their register state. Each
 * queue is read until a final public "marker" event it must get, never by poll size.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Every `[key, value]` pair inside a JSON value, at any depth. */
function pairs(value: unknown, key = ''): Array<[string, unknown]> {
  if (Array.isArray(value)) return [[key, value], ...value.flatMap((item) => pairs(item, key))];
  if (value !== null && typeof value === 'object') {
    return Object.entries(value as Json).flatMap(([name, inner]) => [[name, inner] as [string, unknown], ...pairs(inner, name)]);
  }
  return [[key, value]];
}

describe('access-control audit: events', () => {
  let world: AuditWorld;
  const privateMessageIds: number[] = [];

  /** What an actor saw that names the private data: its words, names, or ids. */
  function leaks(seen: unknown): unknown[] {
    const text = JSON.stringify(seen);
    const found: unknown[] = [SECRET_WORD, world.secret.name, 'the plans', 'insiders only'].filter((word) => text.includes(word));
    for (const [key, value] of pairs(seen)) {
      const ids = Array.isArray(value) ? value : [value];
      if (['message_id', 'message_ids', 'messages', 'unread_message_ids', 'starred_messages'].includes(key) && ids.some((id) => privateMessageIds.includes(id as number))) found.push({ [key]: value });
      if (['stream_id', 'stream_ids', 'new_stream_id', 'orig_stream_id'].includes(key) && ids.includes(world.secret.id)) found.push({ [key]: value });
    }
    return found;
  }

  beforeAll(async () => {
    world = await buildAuditWorld('auditev');
  }, 180_000);

  it('events about private data', async () => {
    const { insider, insider2, secret, realmA } = world;
    const queues = new Map<Actor, Queue>();
    for (const actor of world.actors) queues.set(actor, await Queue.register(actor.api));
    // A queue of every public channel's messages must still not hold a private one's.
    const everyPublic: Actor = { ...world.actors[0], name: 'outsider, all_public_streams' };
    queues.set(everyPublic, await Queue.register(everyPublic.api, { all_public_streams: true }));
    // The insider's own queue tells when every change below has been dispatched.
    const insiderQueue = await Queue.register(insider.api, { event_types: ['message'] });
    const newcomer = await realmA.createUser('Newcomer');

    const file: FilePart = { field: 'file', filename: 'plans.txt', contentType: 'text/plain', data: Buffer.from('the plans') };
    const uploadUrl = succeeded(await postMultipart(insider.api, 'user_uploads', [file]), 'upload').body.url as string;
    const posted = await sendMessage(insider.api, { type: 'stream', to: secret.id, topic: secret.topic, content: `the ${SECRET_WORD} plan [plans](${uploadUrl})` });
    const poll = await sendMessage(insider.api, { type: 'stream', to: secret.id, topic: secret.topic, content: `/poll ${SECRET_WORD}?\nyes\nno` });
    const doomed = await sendMessage(insider2.api, { type: 'stream', to: secret.id, topic: secret.topic, content: `oops ${SECRET_WORD}` });
    const dm = await sendMessage(insider.api, { type: 'direct', to: [insider2.userId], content: `psst ${SECRET_WORD}` });
    privateMessageIds.push(posted, poll, doomed, dm);

    succeeded(await insider.api.post('typing', { type: 'stream', stream_id: secret.id, topic: secret.topic, op: 'start' }), 'typing');
    succeeded(await insider.api.post('typing', { type: 'direct', to: [insider2.userId], op: 'start' }), 'dm typing');
    succeeded(await insider.api.patch(`messages/${posted}`, { content: `the ${SECRET_WORD} plan, final [plans](${uploadUrl})` }), 'edit');
    succeeded(await insider2.api.post(`messages/${posted}/reactions`, { emoji_name: 'octopus' }), 'react');
    succeeded(await insider2.api.post(`messages/${dm}/reactions`, { emoji_name: 'octopus' }), 'react to dm');
    succeeded(await insider.api.post('messages/flags', { messages: [posted, dm], op: 'add', flag: 'starred' }), 'star');
    succeeded(await insider2.api.post('messages/flags', { messages: [posted, dm], op: 'add', flag: 'read' }), 'read');
    succeeded(
      await insider.api.post('submessage', { message_id: poll, msg_type: 'widget', content: JSON.stringify({ type: 'vote', key: 'canned,0', vote: 1 }) }),
      'vote',
    );
    succeeded(await insider.api.patch(`messages/${posted}`, { topic: `${secret.topic} moved`, propagate_mode: 'change_all' }), 'move');
    succeeded(await insider2.api.delete(`messages/${doomed}`), 'delete');
    succeeded(await insider.api.patch(`streams/${secret.id}`, { description: `insiders only, ${SECRET_WORD}` }), 'channel description');
    succeeded(await insider.api.post('users/me/subscriptions/properties', { subscription_data: [{ stream_id: secret.id, property: 'color', value: '#123456' }] }), 'colour');
    succeeded(await insider.api.post('user_topics', { stream_id: secret.id, topic: `${secret.topic} moved`, visibility_policy: 1 }), 'mute topic');
    succeeded(await insider.api.post('users/me/subscriptions', { subscriptions: [{ name: secret.name }], principals: [newcomer.userId] }), 'add a newcomer');
    succeeded(await newcomer.api.delete('users/me/subscriptions', { subscriptions: [secret.name] }), 'the newcomer leaves');
    const snippet = succeeded(await insider.api.post('saved_snippets', { title: 'plans', content: `the ${SECRET_WORD} snippet` }), 'saved snippet');
    succeeded(await insider.api.patch(`saved_snippets/${snippet.body.saved_snippet_id as number}`, { title: `${SECRET_WORD} plans` }), 'saved snippet edit');
    const later = Math.floor(Date.now() / 1000) + 3600;
    const scheduled = succeeded(await insider.api.post('scheduled_messages', { type: 'stream', to: secret.id, topic: secret.topic, content: `the ${SECRET_WORD} later`, scheduled_delivery_timestamp: later }), 'scheduled message');
    succeeded(await insider.api.patch(`scheduled_messages/${scheduled.body.scheduled_message_id as number}`, { content: `the ${SECRET_WORD} later, edited` }), 'scheduled message edit');
    succeeded(await insider.api.delete(`scheduled_messages/${scheduled.body.scheduled_message_id as number}`), 'scheduled message delete');
    const lastPrivate = await sendMessage(insider.api, { type: 'stream', to: secret.id, topic: secret.topic, content: `last ${SECRET_WORD}` });
    privateMessageIds.push(lastPrivate);
    await insiderQueue.takeWhere(1, (event) => event.type === 'message' && event.message.id === lastPrivate);

    // The markers: a message each actor receives, after everything above.
    const markerA = await sendMessage(realmA.ownerApi, { type: 'stream', to: world.open.id, topic: 'marker', content: 'marker A' });
    const markerB = await sendMessage(world.strangerApi, { type: 'direct', to: [world.realmB.owner.userId], content: 'marker B' });

    const seen: Record<string, Event[]> = {};
    for (const [actor, queue] of queues) {
      const marker = actor.otherRealm ? markerB : markerA;
      const events: Event[] = [];
      await queue.takeWhere(1, (event) => {
        events.push(event);
        return event.type === 'message' && event.message.id === marker;
      });
      seen[actor.name] = events;
    }
    const leaked = Object.fromEntries(Object.entries(seen).map(([name, events]) => [name, events.filter((event) => leaks(event).length > 0)]));
    expect(leaked).toEqual(Object.fromEntries([...queues.keys()].map((actor) => [actor.name, []])));
  });

  it('register state names no private data, nor another realm', async () => {
    const { insider, insider2, secret } = world;
    const posted = await sendMessage(insider.api, { type: 'stream', to: secret.id, topic: secret.topic, content: `state ${SECRET_WORD}` });
    const dm = await sendMessage(insider.api, { type: 'direct', to: [insider2.userId], content: `state psst ${SECRET_WORD}` });
    privateMessageIds.push(posted, dm);
    succeeded(await insider.api.post('messages/flags', { messages: [posted, dm], op: 'add', flag: 'starred' }), 'star');
    succeeded(
      await insider.api.post('drafts', { drafts: [{ type: 'stream', to: [secret.id], topic: secret.topic, content: `draft ${SECRET_WORD}`, timestamp: Math.floor(Date.now() / 1000) }] }),
      'draft',
    );
    succeeded(await insider.api.post('saved_snippets', { title: 'state', content: `snippet ${SECRET_WORD}` }), 'saved snippet');
    succeeded(await insider.api.post('scheduled_messages', {
      type: 'stream', to: secret.id, topic: secret.topic, content: `scheduled ${SECRET_WORD}`, scheduled_delivery_timestamp: Math.floor(Date.now() / 1000) + 3600,
    }), 'scheduled message');
    for (const actor of world.actors) {
      const state = succeeded(await actor.api.post('register', {}), `register ${actor.name}`).body as Json;
      // Another realm's people: realm A's actors see none of realm B's, and the other way round.
      const foreign = actor.otherRealm ? [insider.email, insider.fullName, insider2.email] : [world.bMember.email, world.bMember.fullName];
      const text = JSON.stringify(state);
      expect({ who: actor.name, leaks: leaks(state), foreign: foreign.filter((word) => text.includes(word)) }).toEqual({ who: actor.name, leaks: [], foreign: [] });
    }
  });
});
