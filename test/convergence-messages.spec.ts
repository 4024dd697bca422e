import { createTestRealm, ok, TestRealm, TestUser, uniqueName } from './support/api';
import { ConfigName, converges, EMITTED, seen } from './support/convergence';
import { FilePart, postMultipart } from './support/multipart';

/**
 * Convergence (Zulip's verify_action) for channels, subscriptions, messages and what hangs
 * on them: flags, reactions, submessages, attachments.
 */

const KINDS = [
  ...EMITTED.stream, ...EMITTED.subscription, ...EMITTED.default_streams, ...EMITTED.message,
  ...EMITTED.update_message, ...EMITTED.delete_message, ...EMITTED.update_message_flags,
  ...EMITTED.reaction, ...EMITTED.submessage, ...EMITTED.attachment,
];

type Client = TestUser['api'];

describe('convergence: channels and messages', () => {
  let realm: TestRealm;
  let member: TestUser;
  let other: TestUser;
  let owner: Client;
  let room: string;
  let roomId: number;

  const subscribe = async (names: string[], principals: number[], extra: Record<string, unknown> = {}) => {
    ok(await owner.post('users/me/subscriptions', { subscriptions: names.map((name) => ({ name })), principals, ...extra }));
  };
  const idOf = async (name: string) => ok(await owner.get('get_stream_id', { stream: name })).stream_id as number;
  const send = async (api: Client, params: Record<string, unknown>) => ok(await api.post('messages', params)).id as number;
  const post = (api: Client, topic: string, content = 'hello') => send(api, { type: 'stream', to: room, topic, content });

  beforeAll(async () => {
    realm = await createTestRealm('conv-msg');
    owner = realm.ownerApi;
    member = await realm.createUser('Mia Member');
    other = await realm.createUser('Oscar Other');
    room = uniqueName('room');
    await subscribe([room], [realm.owner.userId, member.userId, other.userId]);
    roomId = await idOf(room);
  });

  it('stream: create (public; private with the member), update, delete or archive', async () => {
    // Clients with archived_channels see archiving as an update of is_archived.
    const expected = (config: ConfigName) => (config === 'modern' ? ['stream/create', 'stream/update'] : ['stream/create', 'stream/update', 'stream/delete']);
    await converges(member, expected, async () => {
      const open = uniqueName('open');
      const secret = uniqueName('secret');
      await subscribe([open], [realm.owner.userId]);
      await subscribe([secret], [realm.owner.userId, member.userId], { invite_only: true });
      const openId = await idOf(open);
      ok(await owner.patch(`streams/${openId}`, { description: 'now *described*', new_name: `${open}-renamed` }));
      ok(await owner.patch(`streams/${await idOf(secret)}`, { is_private: false }));
      await post(owner, 'first words');
      ok(await owner.delete(`streams/${openId}`));
    });
  });

  it('stream: a public channel turned private leaves the sight of a non-subscriber', async () => {
    await converges(member, ['stream/delete'], async () => {
      const open = uniqueName('closing');
      await subscribe([open], [realm.owner.userId]);
      ok(await owner.patch(`streams/${await idOf(open)}`, { is_private: true }));
    });
  });

  it('subscription: add, update, peer_add, peer_remove, remove', async () => {
    await converges(member, EMITTED.subscription, async () => {
      const name = uniqueName('club');
      await subscribe([name], [realm.owner.userId, member.userId]);
      const id = await idOf(name);
      ok(await member.api.post('users/me/subscriptions/properties', {
        subscription_data: [
          { stream_id: id, property: 'pin_to_top', value: true },
          { stream_id: id, property: 'color', value: '#123456' },
          { stream_id: id, property: 'is_muted', value: true },
          { stream_id: id, property: 'desktop_notifications', value: false },
        ],
      }));
      await subscribe([name], [other.userId]);
      ok(await owner.delete('users/me/subscriptions', { subscriptions: [name], principals: [other.userId] }));
      ok(await member.api.delete('users/me/subscriptions', { subscriptions: [name] }));
    });
  });

  it('default_streams: add and remove', async () => {
    await converges(member, ['default_streams'], async () => {
      const name = uniqueName('lobby');
      await subscribe([name], [realm.owner.userId]);
      const id = await idOf(name);
      ok(await owner.post('default_streams', { stream_id: id }));
      ok(await owner.post('default_streams', { stream_id: roomId }));
      ok(await owner.delete('default_streams', { stream_id: id }));
    });
  });

  it('message: channel, direct, group direct, mentions, own messages', async () => {
    await converges(member, ['message'], async () => {
      const topic = uniqueName('Topic');
      await post(other.api, topic);
      await post(other.api, topic.toLowerCase(), `@**${member.fullName}** look`);
      await post(member.api, topic, 'my own');
      await send(other.api, { type: 'private', to: [member.userId], content: 'psst' });
      await send(other.api, { type: 'private', to: [member.userId, realm.owner.userId], content: 'all of us' });
      await send(member.api, { type: 'private', to: [other.userId], content: 'reply' });
      await send(member.api, { type: 'private', to: [member.userId], content: 'note to self' });
    });
  });

  it('update_message: content edit, topic move, channel move', async () => {
    const elsewhere = uniqueName('elsewhere');
    await subscribe([elsewhere], [realm.owner.userId, member.userId]);
    const elsewhereId = await idOf(elsewhere);
    await converges(member, ['update_message'], async () => {
      const topic = uniqueName('moving');
      const first = await post(owner, topic, 'one');
      await post(owner, topic, `two @**${member.fullName}**`);
      // A newer message keeps max_message_id out of the moves.
      await post(owner, uniqueName('anchor'));
      ok(await owner.patch(`messages/${first}`, { content: 'one, edited' }));
      ok(await owner.patch(`messages/${first}`, { topic: `${topic}-renamed`, propagate_mode: 'change_all' }));
      ok(await owner.patch(`messages/${first}`, { stream_id: elsewhereId, propagate_mode: 'change_all' }));
    });
  });

  it('delete_message: one and several, channel and direct', async () => {
    const expected = ['delete_message'];
    await converges(member, expected, async () => {
      const topic = uniqueName('doomed');
      const first = await post(other.api, topic);
      const second = await post(other.api, topic, 'second');
      const direct = await send(owner, { type: 'private', to: [member.userId], content: 'gone soon' });
      // Newer messages keep the newest of each conversation.
      await post(other.api, topic, 'stays');
      await send(owner, { type: 'private', to: [member.userId], content: 'stays too' });
      ok(await owner.delete(`messages/${first}`));
      ok(await owner.delete(`messages/${second}`));
      ok(await owner.delete(`messages/${direct}`));
    });
  });

  it('update_message_flags: read and unread, starred and unstarred, mark all as read', async () => {
    await converges(member, ['update_message_flags/add', 'update_message_flags/remove'], async () => {
      const topic = uniqueName('flags');
      const one = await post(other.api, topic, `@**${member.fullName}** one`);
      const two = await post(other.api, topic, 'two');
      const direct = await send(other.api, { type: 'private', to: [member.userId], content: 'direct' });
      const group = await send(other.api, { type: 'private', to: [member.userId, realm.owner.userId], content: 'group' });
      ok(await member.api.post('messages/flags', { messages: [one, two, direct, group], op: 'add', flag: 'read' }));
      ok(await member.api.post('messages/flags', { messages: [one, direct, group], op: 'remove', flag: 'read' }));
      ok(await member.api.post('messages/flags', { messages: [two, direct], op: 'add', flag: 'starred' }));
      ok(await member.api.post('messages/flags', { messages: [direct], op: 'remove', flag: 'starred' }));
      ok(await member.api.post('mark_all_as_read', {}));
      ok(await member.api.post('messages/flags', { messages: [two], op: 'remove', flag: 'read' }));
    });
  });

  it('reaction, submessage: no register state, and the state stays put', async () => {
    await converges(member, ['reaction/add', 'reaction/remove', 'submessage'], async () => {
      const id = await post(other.api, uniqueName('react'), '/poll Lunch?');
      ok(await other.api.post(`messages/${id}/reactions`, { emoji_name: 'smile' }));
      ok(await member.api.post(`messages/${id}/reactions`, { emoji_name: 'smile' }));
      ok(await member.api.delete(`messages/${id}/reactions`, { emoji_name: 'smile' }));
      ok(await member.api.post('submessage', { message_id: id, msg_type: 'widget', content: JSON.stringify({ type: 'vote', key: 'canned,0', vote: 1 }) }));
    });
  });

  it('attachment: add, update (linked to a message), remove', async () => {
    await converges(member, EMITTED.attachment, async () => {
      const file: FilePart = { field: 'file', filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('hello\n') };
      const url = ok(await postMultipart(member.api, 'user_uploads', [file])).url as string;
      await post(member.api, uniqueName('files'), `[notes](${url})`);
      const listed = ok(await member.api.get('attachments')).attachments as { id: number; path_id: string }[];
      const attachment = listed.find((entry) => url.endsWith(entry.path_id));
      ok(await member.api.delete(`attachments/${attachment?.id as number}`));
    });
  });

  it('saw every kind of this file', () => {
    expect(KINDS.filter((kind) => !seen.has(kind))).toEqual([]);
  });
});
