import { createTestRealm, expectError, expectSuccess, TestRealm, TestUser } from './support/api';
import { Event, Queue } from './support/queue';

/** Linkifiers: the endpoints, Zulip's checks, `realm_linkifiers` events, register state, topic_links. */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const TICKET = { pattern: '#(?P<id>[0-9]+)', url_template: 'https://trac.example.com/ticket/{id}' };
const CAPABLE = { client_capabilities: { linkifier_url_template: true } };

describe('linkifiers', () => {
  let realm: TestRealm;
  let admin: TestUser;
  let alice: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('linkifiers');
    admin = await realm.createUser('Ada Admin', 'administrator');
    alice = await realm.createUser('Alice');
  });

  async function linkifiers(): Promise<Json[]> {
    const response = await alice.api.get('realm/linkifiers');
    expect(response.status).toBe(200);
    return response.body.linkifiers as Json[];
  }

  async function add(pattern: string, urlTemplate: string): Promise<number> {
    const response = await admin.api.post('realm/filters', { pattern, url_template: urlTemplate });
    if (response.status !== 200) throw new Error(`add failed: ${JSON.stringify(response.body)}`);
    return response.body.id as number;
  }

  async function removeAll(): Promise<void> {
    for (const linkifier of await linkifiers()) expectSuccess(await admin.api.delete(`realm/filters/${linkifier.id}`));
  }

  afterEach(removeAll);

  it('adds, lists in order, updates and removes linkifiers', async () => {
    const ticket = await add(' #(?P<id>[0-9]+) ', ' https://trac.example.com/ticket/{id} ');
    const gh = await add('(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>[0-9]+)', 'https://github.com/{org}/{repo}/pull/{id}');
    expect(await linkifiers()).toEqual([
      { id: ticket, ...TICKET },
      { id: gh, pattern: '(?P<org>[a-z]+)/(?P<repo>[a-z]+)#(?P<id>[0-9]+)', url_template: 'https://github.com/{org}/{repo}/pull/{id}' },
    ]);
    expectSuccess(await admin.api.patch(`realm/filters/${ticket}`, { pattern: 'T(?P<id>[0-9]+)', url_template: 'https://t.example/{id}' }));
    expect((await linkifiers())[0]).toEqual({ id: ticket, pattern: 'T(?P<id>[0-9]+)', url_template: 'https://t.example/{id}' });
    expectSuccess(await admin.api.delete(`realm/filters/${ticket}`));
    expect((await linkifiers()).map((linkifier) => linkifier.id)).toEqual([gh]);
  });

  it("refuses bad linkifiers with Zulip's messages and per-field errors", async () => {
    const SCHEME_REFUSED = 'URL template must be a link of one of these schemes: http, https, ftp, mailto.';
    await add(TICKET.pattern, TICKET.url_template);
    const cases: [Json, string, Json][] = [
      [{ pattern: '#(?P<id>[0-9]+', url_template: 'https://x.example/{id}' }, 'Bad regular expression: missing closing ): `#(?P<id>[0-9]+`', {
        __all__: ['Bad regular expression: missing closing ): `#(?P<id>[0-9]+`'],
      }],
      [{ pattern: 'N(?P<id>[0-9]+)', url_template: 'https://x.example/{id' }, 'Invalid URL template.', { url_template: ['Invalid URL template.'] }],
      [{ pattern: 'N(?P<id>[0-9]+)', url_template: 'https://x.example/{id}/{other}' }, "Group 'other' in URL template is not present in linkifier pattern.", {
        __all__: ["Group 'other' in URL template is not present in linkifier pattern."],
      }],
      [{ pattern: '#(?P<id>[0-9]+)x', url_template: 'https://x.example/' }, "Group 'id' in linkifier pattern is not present in URL template.", {
        __all__: ["Group 'id' in linkifier pattern is not present in URL template."],
      }],
      [{ pattern: ' ', url_template: 'https://x.example/' }, 'This field cannot be blank.', { pattern: ['This field cannot be blank.'] }],
      [{ pattern: 'J(?P<id>[0-9]+)', url_template: 'javascript:alert({id})' }, SCHEME_REFUSED, { url_template: [SCHEME_REFUSED] }],
      [{ pattern: 'V(?P<id>[0-9]+)', url_template: 'vbscript:msgbox({id})' }, SCHEME_REFUSED, { url_template: [SCHEME_REFUSED] }],
      [TICKET, 'Realm filter with this Realm and Pattern already exists.', { __all__: ['Realm filter with this Realm and Pattern already exists.'] }],
    ];
    for (const [params, message, errors] of cases) {
      expectError(await admin.api.post('realm/filters', params), message, 'BAD_REQUEST', { errors });
    }
    expectError(await admin.api.post('realm/filters', { pattern: 'x' }), "Missing 'url_template' argument", 'REQUEST_VARIABLE_MISSING', {
      var_name: 'url_template',
    });
    const [existing] = await linkifiers();
    expectError(await admin.api.patch(`realm/filters/${existing.id}`, { pattern: '(', url_template: 'https://x.example/' }), 'Bad regular expression: missing closing ): `(`', 'BAD_REQUEST', {
      errors: { __all__: ['Bad regular expression: missing closing ): `(`'] },
    });
    expectError(await admin.api.patch('realm/filters/999999', TICKET), 'Linkifier not found.');
    expectError(await admin.api.delete('realm/filters/999999'), 'Linkifier not found.');
    expect(await linkifiers()).toEqual([{ id: existing.id, ...TICKET }]);
  });

  it('reorders with ordered_linkifier_ids listing every linkifier once', async () => {
    const a = await add('A(?P<id>[0-9]+)', 'https://a.example/{id}');
    const b = await add('B(?P<id>[0-9]+)', 'https://b.example/{id}');
    const c = await add('C(?P<id>[0-9]+)', 'https://c.example/{id}');
    expectSuccess(await admin.api.patch('realm/linkifiers', { ordered_linkifier_ids: [c, a, b] }));
    expect((await linkifiers()).map((linkifier) => linkifier.id)).toEqual([c, a, b]);
    // A new linkifier applies last.
    const d = await add('D(?P<id>[0-9]+)', 'https://d.example/{id}');
    expect((await linkifiers()).map((linkifier) => linkifier.id)).toEqual([c, a, b, d]);
    expectError(await admin.api.patch('realm/linkifiers', { ordered_linkifier_ids: [c, c, a, b, d] }), 'The ordered list must not contain duplicated linkifiers');
    const incomplete = 'The ordered list must enumerate all existing linkifiers exactly once';
    expectError(await admin.api.patch('realm/linkifiers', { ordered_linkifier_ids: [c, a, b] }), incomplete);
    expectError(await admin.api.patch('realm/linkifiers', { ordered_linkifier_ids: [c, a, b, d, 999999] }), incomplete);
    expectError(await admin.api.patch('realm/linkifiers', { ordered_linkifier_ids: 'x' }), 'ordered_linkifier_ids is not valid JSON');
    expect((await linkifiers()).map((linkifier) => linkifier.id)).toEqual([c, a, b, d]);
  });

  it('lets no member manage linkifiers', async () => {
    const id = await add(TICKET.pattern, TICKET.url_template);
    for (const response of [
      await alice.api.post('realm/filters', { pattern: 'X(?P<id>[0-9]+)', url_template: 'https://x.example/{id}' }),
      await alice.api.patch(`realm/filters/${id}`, { pattern: 'Y(?P<id>[0-9]+)', url_template: 'https://y.example/{id}' }),
      await alice.api.delete(`realm/filters/${id}`),
      await alice.api.patch('realm/linkifiers', { ordered_linkifier_ids: [id] }),
    ]) {
      expectError(response, 'Must be an organization administrator', 'UNAUTHORIZED_PRINCIPAL');
    }
    expect(await linkifiers()).toEqual([{ id, ...TICKET }]);
  });

  it('sends realm_linkifiers only to capable queues; state plus events equals a fresh register', async () => {
    const params = { event_types: ['realm_linkifiers', 'realm_filters'], fetch_event_types: ['realm_linkifiers', 'realm_filters'] };
    const capable = await alice.api.post('register', { ...params, ...CAPABLE });
    const legacy = await alice.api.post('register', params);
    expect(legacy.body.realm_linkifiers).toEqual([]);
    expect(legacy.body.realm_filters).toEqual([]);
    expect(capable.body.realm_filters).toEqual([]);
    const queue = new Queue(alice.api, capable.body.queue_id, capable.body.last_event_id);
    const legacyQueue = new Queue(alice.api, legacy.body.queue_id, legacy.body.last_event_id);

    const first = await add(TICKET.pattern, TICKET.url_template);
    const second = await add('PR(?P<id>[0-9]+)', 'https://pr.example/{id}');
    expectSuccess(await admin.api.patch('realm/linkifiers', { ordered_linkifier_ids: [second, first] }));
    expectSuccess(await admin.api.patch(`realm/filters/${first}`, { pattern: 'T(?P<id>[0-9]+)', url_template: 'https://t.example/{id}' }));
    expectSuccess(await admin.api.delete(`realm/filters/${second}`));
    const events = await queue.take(5);
    expect(events.map((event) => event.type)).toEqual(Array(5).fill('realm_linkifiers'));
    expect(events[0]).toEqual({ id: events[0].id, type: 'realm_linkifiers', realm_linkifiers: [{ id: first, ...TICKET }] });
    expect(events[2].realm_linkifiers.map((linkifier: Json) => linkifier.id)).toEqual([second, first]);
    expect(await legacyQueue.drain()).toEqual([]);

    const applied: Json = { ...capable.body };
    for (const event of events as Event[]) applied.realm_linkifiers = event.realm_linkifiers;
    const fresh = await alice.api.post('register', { ...params, ...CAPABLE });
    expect(applied.realm_linkifiers).toEqual(fresh.body.realm_linkifiers);
    expect(fresh.body.realm_linkifiers).toEqual([{ id: first, pattern: 'T(?P<id>[0-9]+)', url_template: 'https://t.example/{id}' }]);
  });

  it("puts the realm's links on messages' topic_links", async () => {
    await add(TICKET.pattern, TICKET.url_template);
    const queue = await Queue.register(alice.api, { event_types: ['message'] });
    const sent = await alice.api.post('messages', { type: 'stream', to: 'general', topic: 'fix #42 and #7', content: 'hi' });
    expect(sent.status).toBe(200);
    const expected = [
      { text: '#42', url: 'https://trac.example.com/ticket/42' },
      { text: '#7', url: 'https://trac.example.com/ticket/7' },
    ];
    const [event] = await queue.take(1);
    expect(event.message.topic_links).toEqual(expected);
    const fetched = await alice.api.get(`messages/${sent.body.id}`);
    expect(fetched.body.message.topic_links).toEqual(expected);
    const direct = await alice.api.post('messages', { type: 'direct', to: [admin.userId], content: '#42' });
    expect((await alice.api.get(`messages/${direct.body.id}`)).body.message.topic_links).toEqual([]);
  });

  it("links a renamed topic: the update_message event's topic_links follow the realm's linkifiers", async () => {
    await add(TICKET.pattern, TICKET.url_template);
    const sent = await alice.api.post('messages', { type: 'stream', to: 'general', topic: 'no ticket yet', content: 'hi' });
    expect(sent.status).toBe(200);
    const queue = await Queue.register(alice.api, { event_types: ['update_message'] });
    const renamed = await alice.api.patch(`messages/${sent.body.id}`, { topic: 'fix #42', send_notification_to_new_thread: false });
    expect(renamed.status).toBe(200);
    const [event] = await queue.take(1);
    expect({ subject: event.subject, topic_links: event.topic_links }).toEqual({
      subject: 'fix #42',
      topic_links: [{ text: '#42', url: 'https://trac.example.com/ticket/42' }],
    });
  });

  it('takes a pathological pattern without hanging: creating it, and sending under it, return', async () => {
    const id = await add('(a+)+$', 'https://example.com/redos');
    // A backtracking engine needs about 2^n steps for this topic; RE2 is linear.
    const topic = `${'a'.repeat(59)}b`;
    const sent = await alice.api.post('messages', { type: 'stream', to: 'general', topic, content: `${'a'.repeat(9999)}b` });
    expect(sent.status).toBe(200);
    expect((await alice.api.get(`messages/${sent.body.id}`)).body.message.topic_links).toEqual([]);
    const matching = await alice.api.post('messages', { type: 'stream', to: 'general', topic: 'x aaaa', content: 'hi' });
    expect((await alice.api.get(`messages/${matching.body.id}`)).body.message.topic_links).toEqual([{ text: 'aaaa', url: 'https://example.com/redos' }]);
    expectSuccess(await admin.api.delete(`realm/filters/${id}`));
  });
});
