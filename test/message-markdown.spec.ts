import { createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { idOf, subscribe } from './support/channel-management-helpers';
import { Event, Queue } from './support/queue';

/**
 * Zulip markdown at send (issue 5 item 3): the stored HTML, mentions and their flags on the
 * recipients' real event queues, the wildcard and group mention permissions, channel links
 * only to channels the sender may see, following topics where mentioned, and
 * `POST /messages/render`.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('message markdown', () => {
  let realm: TestRealm;
  let ann: TestUser;
  let bob: TestUser;
  let cat: TestUser;
  let dan: TestUser;
  let channel: string;
  let channelId: number;
  let secret: string;
  let groupName: string;
  let groupId: number;
  let closedGroup: string;
  let closedGroupId: number;

  beforeAll(async () => {
    realm = await createTestRealm('markdown');
    ann = await realm.createUser('Ann Author');
    bob = await realm.createUser('Bob Builder');
    cat = await realm.createUser('Cat Crane');
    dan = await realm.createUser('Dan Dune');
    channel = `design-${Date.now()}`;
    secret = `vault-${Date.now()}`;
    await subscribe(ann.api, [channel], [ann.userId, bob.userId, cat.userId, dan.userId]);
    channelId = await idOf(ann.api, channel);
    // A private channel only the owner and Bob are in.
    await subscribe(realm.ownerApi, [secret], [realm.owner.userId, bob.userId], { invite_only: true });
    const groups = (await realm.ownerApi.get('user_groups')).body.user_groups as Json[];
    const everyone = groups.find((group) => group.name === 'role:everyone')?.id as number;
    const nobody = groups.find((group) => group.name === 'role:nobody')?.id as number;
    groupName = `crew-${Date.now()}`;
    const made = await realm.ownerApi.post('user_groups/create', {
      name: groupName, description: 'Crew', members: [cat.userId], can_mention_group: everyone,
    });
    expect(made.status).toBe(200);
    groupId = made.body.group_id as number;
    closedGroup = `closed-${Date.now()}`;
    const closed = await realm.ownerApi.post('user_groups/create', {
      name: closedGroup, description: 'Closed', members: [dan.userId], can_mention_group: nobody,
    });
    expect(closed.status).toBe(200);
    closedGroupId = closed.body.group_id as number;
  });

  const render = async (user: TestUser, content: string) => {
    const response = await user.api.post('messages/render', { content });
    expect(response.status).toBe(200);
    return response.body as Json;
  };

  /** Sends as `sender` and returns each listed user's message event (flags without `read`). */
  async function sendAndRead(sender: TestUser, readers: TestUser[], content: string, topic = 'plans') {
    const queues = await Promise.all(readers.map((user) => Queue.register(user.api, { event_types: ['message'], apply_markdown: true })));
    const sent = await sender.api.post('messages', { type: 'stream', to: channel, topic, content });
    expect(sent.status).toBe(200);
    const events = await Promise.all(queues.map((queue) => queue.takeWhere(1, (event: Event) => event.type === 'message')));
    return {
      id: sent.body.id as number,
      content: events[0][0].message.content as string,
      flags: events.map(([event]) => (event.flags as string[]).filter((flag) => flag !== 'read').sort()),
    };
  }

  it('POST /messages/render answers Zulip HTML for mentions, links, emoji and code', async () => {
    const body = await render(ann, `Hi @**Bob Builder**, see #**${channel}** :smile: and\n\`\`\`js\nlet x = '<b>';\n\`\`\``);
    expect(body).toEqual({
      result: 'success',
      msg: '',
      rendered:
        `<p>Hi <span class="user-mention" data-user-id="${bob.userId}">@Bob Builder</span>, see ` +
        `<a class="stream" data-stream-id="${channelId}" href="/#narrow/channel/${channelId}-${channel}">#${channel}</a> ` +
        '<span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span> and</p>\n' +
        '<div class="codehilite" data-code-language="JavaScript"><pre><span></span><code>let x = \'&lt;b&gt;\';\n</code></pre></div>',
    });
    expect((await render(ann, `@**Bob Builder|${bob.userId}** @_**cat crane** @**Nobody Here**`)).rendered).toBe(
      `<p><span class="user-mention" data-user-id="${bob.userId}">@Bob Builder</span> ` +
        `<span class="user-mention silent" data-user-id="${cat.userId}">Cat Crane</span> @<strong>Nobody Here</strong></p>`,
    );
  });

  it("renders Zulip 10.2's emoji names with letters outside ASCII, as Zulip's Unicode \\w does", async () => {
    const emoji = (name: string, code: string) =>
      `<span aria-label="${name.replace(/_/g, ' ')}" class="emoji emoji-${code}" role="img" title="${name.replace(/_/g, ' ')}">:${name}:</span>`;
    expect((await render(ann, ':piñata: :gyōza: :flag_türkiye: :mojito:')).rendered).toBe(
      `<p>${emoji('piñata', '1fa85')} ${emoji('gyōza', '1f95f')} ${emoji('flag_türkiye', '1f1f9-1f1f7')} ${emoji('mojito', '1f34b-200d-1f7e9')}</p>`,
    );
    // A name CLDR 46 dropped is plain text, as in Zulip 10.2.
    expect((await render(ann, ':mind_blown:')).rendered).toBe('<p>:mind_blown:</p>');
  });

  it('renders script, event attributes and javascript: links inert', async () => {
    const body = await render(ann, '<script>alert(1)</script> <img src=x onerror=alert(1)> [x](javascript:alert(1)) [y](https://ok.example/)');
    expect(body.rendered).toBe(
      '<p>&lt;script&gt;alert(1)&lt;/script&gt; &lt;img src=x onerror=alert(1)&gt; [x](javascript:alert(1)) ' +
        '<a href="https://ok.example/">y</a></p>',
    );
  });

  it("adds /with/ and the topic's oldest message to a topic link", async () => {
    const topic = `linked ${Date.now()}`;
    const first = await sendAndRead(ann, [ann], 'first', topic);
    await sendAndRead(ann, [ann], 'second', topic);
    const encoded = topic.replace(/ /g, '.20');
    expect((await render(bob, `#**${channel}>${topic}**`)).rendered).toBe(
      `<p><a class="stream-topic" data-stream-id="${channelId}" href="/#narrow/channel/${channelId}-${channel}/topic/${encoded}/with/${first.id}">` +
        `#${channel} &gt; ${topic}</a></p>`,
    );
    expect((await render(bob, `#**${channel}>no such topic**`)).rendered).toBe(
      `<p><a class="stream-topic" data-stream-id="${channelId}" href="/#narrow/channel/${channelId}-${channel}/topic/no.20such.20topic">` +
        `#${channel} &gt; no such topic</a></p>`,
    );
  });

  it('links a private channel only for a sender who may see it', async () => {
    expect((await render(ann, `#**${secret}**`)).rendered).toBe(`<p>#<strong>${secret}</strong></p>`);
    const secretId = await idOf(bob.api, secret);
    expect((await render(bob, `#**${secret}**`)).rendered).toBe(
      `<p><a class="stream" data-stream-id="${secretId}" href="/#narrow/channel/${secretId}-${secret}">#${secret}</a></p>`,
    );
    // Sent by Ann to a channel Bob is in: Bob's copy does not reveal the private channel.
    const { content } = await sendAndRead(ann, [bob], `see #**${secret}>topic**`);
    expect(content).toBe(`<p>see #<strong>${secret}&gt;topic</strong></p>`);
  });

  it('stores the rendered HTML and flags only the mentioned recipients (directly or through a group)', async () => {
    const { id, content, flags } = await sendAndRead(ann, [ann, bob, cat, dan], `@**Bob Builder** and @*${groupName}*, not @_**Dan Dune**`);
    expect(flags).toEqual([[], ['mentioned'], ['mentioned'], []]);
    const expected =
      `<p><span class="user-mention" data-user-id="${bob.userId}">@Bob Builder</span> and ` +
      `<span class="user-group-mention" data-user-group-id="${groupId}">@${groupName}</span>, not ` +
      `<span class="user-mention silent" data-user-id="${dan.userId}">Dan Dune</span></p>`;
    expect(content).toBe(expected);
    const fetched = await dan.api.get(`messages/${id}`);
    expect(fetched.body.message.content).toBe(expected);
    expect(fetched.body.message.flags).toEqual([]);
    const bobs = await bob.api.get(`messages/${id}`);
    expect(bobs.body.message.flags).toEqual(['mentioned']);
  });

  it('sets the channel wildcard flags for every recipient; silent wildcards set none', async () => {
    const loud = await sendAndRead(ann, [ann, bob, dan], '@**all** standup');
    const wildcard = ['stream_wildcard_mentioned', 'wildcard_mentioned'];
    expect(loud.flags).toEqual([wildcard, wildcard, wildcard]);
    expect(loud.content).toBe('<p><span class="user-mention channel-wildcard-mention" data-user-id="*">@all</span> standup</p>');
    const quiet = await sendAndRead(ann, [bob], '@_**everyone** fyi');
    expect(quiet.flags).toEqual([[]]);
  });

  it('sets the topic wildcard flag only for the topic participants', async () => {
    const topic = `retro-${Date.now()}`;
    await sendAndRead(bob, [bob], 'I was here', topic);
    const { flags, content } = await sendAndRead(ann, [ann, bob, cat], '@**topic** wrap up', topic);
    expect(flags).toEqual([['topic_wildcard_mentioned', 'wildcard_mentioned'], ['topic_wildcard_mentioned', 'wildcard_mentioned'], []]);
    expect(content).toBe('<p><span class="topic-mention">@topic</span> wrap up</p>');
  });

  it('flags direct-message recipients: mentions, wildcards for everyone in it; a mentioned non-recipient gets nothing', async () => {
    const queues = await Promise.all([bob, cat, dan].map((user) => Queue.register(user.api, { event_types: ['message'] })));
    const sent = await ann.api.post('messages', {
      type: 'direct', to: JSON.stringify([bob.userId, cat.userId]), content: '@**Bob Builder** @**all** @**topic** @**Dan Dune**',
    });
    expect(sent.status).toBe(200);
    const [bobs, cats] = await Promise.all(queues.slice(0, 2).map((queue) => queue.takeWhere(1, (event: Event) => event.type === 'message')));
    const wild = ['stream_wildcard_mentioned', 'topic_wildcard_mentioned', 'wildcard_mentioned'];
    expect((bobs[0].flags as string[]).filter((flag) => flag !== 'read').sort()).toEqual(['mentioned', ...wild]);
    expect((cats[0].flags as string[]).filter((flag) => flag !== 'read').sort()).toEqual(wild);
    // Dan was named but is not in the conversation: no event, and the message is not his to read.
    expect(await queues[2].drain()).toEqual([]);
    expect((await dan.api.get(`messages/${sent.body.id}`)).status).toBe(400);
  });

  it("refuses a group mention the group's can_mention_group does not allow; a silent one is fine", async () => {
    expectError(
      await ann.api.post('messages', { type: 'stream', to: channel, topic: 'plans', content: `@*${closedGroup}* hi` }),
      `You are not allowed to mention user group '${closedGroup}'.`,
    );
    const { flags, content } = await sendAndRead(ann, [dan], `@_*${closedGroup}* hi`);
    expect(flags).toEqual([[]]);
    expect(content).toBe(`<p><span class="user-group-mention silent" data-user-group-id="${closedGroupId}">${closedGroup}</span> hi</p>`);
  });

  it('makes a mentioned recipient follow the topic (automatically_follow_topics_where_mentioned)', async () => {
    const topic = `followed-${Date.now()}`;
    const queue = await Queue.register(cat.api, { event_types: ['user_topic'] });
    await sendAndRead(ann, [cat], `@**Cat Crane** look`, topic);
    const [event] = await queue.takeWhere(1, (e: Event) => e.type === 'user_topic');
    expect(event).toMatchObject({ type: 'user_topic', stream_id: channelId, topic_name: topic, visibility_policy: 3 });
  });

  it('refuses channel wildcards in a channel above 15 subscribers to senders outside can_mention_many_users_group', async () => {
    const big = `big-${Date.now()}`;
    const extra: number[] = [];
    for (let i = 0; i < 13; i++) extra.push((await realm.createUser(`Extra ${i}`)).userId);
    await subscribe(ann.api, [big], [ann.userId, bob.userId, cat.userId, dan.userId, ...extra]);
    expectError(
      await ann.api.post('messages', { type: 'stream', to: big, topic: 'all hands', content: '@**all** meeting' }),
      'You do not have permission to use channel wildcard mentions in this channel.',
      'STREAM_WILDCARD_MENTION_NOT_ALLOWED',
    );
    // Silent wildcards need no permission; the owner is an administrator (the default group).
    expect((await ann.api.post('messages', { type: 'stream', to: big, topic: 'all hands', content: '@_**all** meeting' })).status).toBe(200);
    await subscribe(realm.ownerApi, [big], [realm.owner.userId]);
    expect((await realm.ownerApi.post('messages', { type: 'stream', to: big, topic: 'all hands', content: '@**all** meeting' })).status).toBe(200);
  });

  it('refuses topic wildcards in a topic of more than 15 participants to senders outside can_mention_many_users_group', async () => {
    const crowded = `crowded-${Date.now()}`;
    const talkers = [bob, cat, dan];
    for (let i = 0; i < 13; i++) talkers.push(await realm.createUser(`Talker ${i}`));
    await subscribe(ann.api, [crowded], [ann.userId, ...talkers.map((user) => user.userId)]);
    for (const user of talkers) {
      expect((await user.api.post('messages', { type: 'stream', to: crowded, topic: 'standup', content: 'here' })).status).toBe(200);
    }
    expectError(
      await ann.api.post('messages', { type: 'stream', to: crowded, topic: 'standup', content: '@**topic** wrap up' }),
      'You do not have permission to use topic wildcard mentions in this topic.',
      'TOPIC_WILDCARD_MENTION_NOT_ALLOWED',
    );
    // A quieter topic of the same channel takes it; so does the administrator, and a silent one.
    expect((await ann.api.post('messages', { type: 'stream', to: crowded, topic: 'quiet', content: '@**topic** wrap up' })).status).toBe(200);
    expect((await ann.api.post('messages', { type: 'stream', to: crowded, topic: 'standup', content: '@_**topic** wrap up' })).status).toBe(200);
    await subscribe(realm.ownerApi, [crowded], [realm.owner.userId]);
    expect((await realm.ownerApi.post('messages', { type: 'stream', to: crowded, topic: 'standup', content: '@**topic** wrap up' })).status).toBe(200);
  });
  describe('the realm\'s own texts, through the same pipeline (Zulip\'s render_stream_description)', () => {
    const smile = '<span aria-label="smile" class="emoji emoji-1f642" role="img" title="smile">:smile:</span>';

    it('renders a channel description as a message, without image previews, linking only what the acting user may read', async () => {
      const description = `@**Bob Builder** :smile: #**${secret}** #**${channel}** https://example.com/a.png _x_`;
      expect((await ann.api.patch(`streams/${channelId}`, { description })).status).toBe(200);
      const { body } = await ann.api.get(`streams/${channelId}`);
      expect(body.stream.rendered_description).toBe(
        `<p><span class="user-mention" data-user-id="${bob.userId}">@Bob Builder</span> ${smile} #<strong>${secret}</strong> ` +
          `<a class="stream" data-stream-id="${channelId}" href="/#narrow/channel/${channelId}-${channel}">#${channel}</a> ` +
          '<a href="https://example.com/a.png">https://example.com/a.png</a> _x_</p>',
      );
    });

    it('renders profile field values and the realm description with no acting user: every channel of the realm links', async () => {
      const secretId = await idOf(realm.ownerApi, secret);
      const secretLink = `<a class="stream" data-stream-id="${secretId}" href="/#narrow/channel/${secretId}-${secret}">#${secret}</a>`;
      const created = await realm.ownerApi.post('realm/profile_fields', { name: `Notes ${Date.now()}`, field_type: 2 });
      expect(created.status).toBe(200);
      const fieldId = created.body.id as number;
      const value = `:smile: #**${secret}**`;
      expect((await ann.api.patch('users/me/profile_data', { data: [{ id: fieldId, value }] })).status).toBe(200);
      const me = (await ann.api.get(`users/${ann.userId}`, { include_custom_profile_fields: true })).body.user as Json;
      expect(me.profile_data[String(fieldId)]).toEqual({ value, rendered_value: `<p>${smile} ${secretLink}</p>` });

      expect((await realm.ownerApi.patch('realm', { description: `We **chat** in #**${secret}** :smile:` })).status).toBe(200);
      const settings = (await ann.api.get('server_settings')).body as Json;
      expect(settings.realm_description).toBe(`<p>We <strong>chat</strong> in ${secretLink} ${smile}</p>`);
    });
  });
});
