import { randomBytes } from 'node:crypto';
import * as net from 'node:net';
import { Api, ApiResponse, createTestRealm, Params, TestRealm, TestUser, testServer } from './support/api';

/**
 * The wire format every endpoint shares: where parameters come from and how they are
 * encoded, the success and error envelopes, and the answers for unknown routes.
 */

/** Every JSON answer this file receives, to check the envelope of each one. */
const seen: { method: string; route: string; response: ApiResponse }[] = [];
const originalRequest = Api.prototype.request;
Api.prototype.request = async function recordingRequest(this: Api, method, route, params, options) {
  const response = await originalRequest.call(this, method, route, params, options);
  seen.push({ method, route, response });
  return response;
};

/** A multipart/form-data body built by hand, as zulip-js sends its POSTs. */
function multipart(fields: Record<string, string>): { body: Buffer; contentType: string } {
  const boundary = `----chat-test-${randomBytes(8).toString('hex')}`;
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    body: Buffer.from(`${parts.join('')}--${boundary}--\r\n`, 'utf8'),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Writes raw bytes to the server and reads everything it answers before closing. */
function rawExchange(request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(testServer().port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(request));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function jsonBody(value: unknown): { body: string; headers: Record<string, string> } {
  return { body: JSON.stringify(value), headers: { 'content-type': 'application/json' } };
}

function expectBadRequest(response: ApiResponse, msg: string, code = 'BAD_REQUEST'): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status: 400,
    body: expect.objectContaining({ result: 'error', msg, code }),
  });
}

function expectMissing(response: ApiResponse, name: string): void {
  expect({ status: response.status, body: response.body }).toEqual({
    status: 400,
    body: { result: 'error', msg: `Missing '${name}' argument`, code: 'REQUEST_VARIABLE_MISSING', var_name: name },
  });
}

describe('the wire format', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;

  beforeAll(async () => {
    realm = await createTestRealm('wire');
    alice = await realm.createUser('Alice Wire');
    bob = await realm.createUser('Bob Wire');
  });

  afterEach(() => {
    // Every JSON answer is an envelope; every error names its code.
    const broken = seen
      .filter(({ response }) => !('raw' in response.body))
      .filter(({ response }) => {
        const { result, msg, code } = response.body;
        if (typeof msg !== 'string') return true;
        if (response.status === 200) return result !== 'success';
        return result !== 'error' || typeof code !== 'string';
      })
      .map(({ method, route, response }) => ({ method, route, status: response.status, body: response.body }));
    seen.length = 0;
    expect(broken).toEqual([]);
  });

  /** A message event's raw content, read from a fresh queue of `user`. */
  async function lastMessageEvent(user: TestUser, queueId: string): Promise<Record<string, any>> { // eslint-disable-line @typescript-eslint/no-explicit-any
    // Events are dispatched after the send commits, so the send's answer may come first.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const events = await user.api.get('events', { queue_id: queueId, last_event_id: -1, dont_block: true });
      expect(events.status).toBe(200);
      const messages = (events.body.events as { type: string }[]).filter((event) => event.type === 'message');
      if (messages.length > 0) return messages[messages.length - 1];
      if (Date.now() > deadline) throw new Error('no message event arrived');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async function messageQueue(user: TestUser): Promise<string> {
    const registered = await user.api.post('register', { event_types: ['message'], apply_markdown: false });
    expect(registered.status).toBe(200);
    return registered.body.queue_id as string;
  }

  describe('where parameters come from', () => {
    it('reads GET parameters from the query string', async () => {
      const gravatar = await alice.api.get('users', { client_gravatar: false });
      expect(gravatar.status).toBe(200);
      expect((gravatar.body.members as { avatar_url: string | null }[]).every((member) => member.avatar_url !== null)).toBe(true);
      const computed = await alice.api.get('users', { client_gravatar: true });
      expect((computed.body.members as { avatar_url: string | null }[]).some((member) => member.avatar_url === null)).toBe(true);
    });

    it('reads POST parameters from a form body and from the query string', async () => {
      const queueId = await messageQueue(bob);
      const inBody = await alice.api.post('messages', { type: 'private', to: [bob.userId], content: 'form body' });
      expect(inBody.status).toBe(200);
      expect((await lastMessageEvent(bob, queueId)).message.content).toBe('form body');

      const inQuery = await alice.api.request('POST', 'messages', { type: 'private', to: [bob.userId], content: 'query string' }, { query: true });
      expect(inQuery.status).toBe(200);
      expect(inQuery.body.ignored_parameters_unsupported).toBeUndefined();
      expect((await lastMessageEvent(bob, queueId)).message.content).toBe('query string');
    });

    it('lets the body win over the query string for the same name', async () => {
      const queueId = await messageQueue(bob);
      const response = await alice.api.request('POST', `messages?content=${encodeURIComponent('from the query')}`, {}, {
        body: new URLSearchParams({ type: 'private', to: JSON.stringify([bob.userId]), content: 'from the body' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(response.status).toBe(200);
      expect((await lastMessageEvent(bob, queueId)).message.content).toBe('from the body');
    });

    it('reads DELETE parameters from the query string, with a JSON content type and an empty body', async () => {
      const variants: Record<string, string>[] = [{ 'content-type': 'application/json' }, { 'content-type': 'application/json', 'content-length': '0' }];
      for (const headers of variants) {
        const queueId = await messageQueue(alice);
        const deleted = await alice.api.request('DELETE', 'events', { queue_id: queueId }, { query: true, headers });
        expect(deleted.status).toBe(200);
        expect(deleted.body).toEqual({ result: 'success', msg: '' });
        const gone = await alice.api.get('events', { queue_id: queueId, last_event_id: -1, dont_block: true });
        expect(gone.body.code).toBe('BAD_EVENT_QUEUE_ID');
      }
    });

    it('reads DELETE parameters from a form body', async () => {
      const queueId = await messageQueue(alice);
      const deleted = await alice.api.delete('events', { queue_id: queueId });
      expect(deleted.status).toBe(200);
      expect(deleted.body).toEqual({ result: 'success', msg: '' });
    });

    it('reads DELETE parameters from a JSON body', async () => {
      const queueId = await messageQueue(alice);
      const deleted = await alice.api.request('DELETE', 'events', {}, jsonBody({ queue_id: queueId }));
      expect(deleted.status).toBe(200);
    });

    it('accepts multipart/form-data POSTs, as zulip-js sends them', async () => {
      const queueId = await messageQueue(bob);
      const form = multipart({ type: 'private', to: JSON.stringify([bob.userId]), content: 'multipart hello', read_by_sender: 'true' });
      const sent = await alice.api.request('POST', 'messages', {}, { body: form.body, headers: { 'content-type': form.contentType } });
      expect(sent.status).toBe(200);
      expect(typeof sent.body.id).toBe('number');
      const event = await lastMessageEvent(bob, queueId);
      expect(event.message.id).toBe(sent.body.id);
      expect(event.message.content).toBe('multipart hello');

      const channel = `multipart-${randomBytes(3).toString('hex')}`;
      const subscribeForm = multipart({ subscriptions: JSON.stringify([{ name: channel }]), principals: JSON.stringify([alice.userId]) });
      const subscribed = await alice.api.request('POST', 'users/me/subscriptions', {}, {
        body: subscribeForm.body,
        headers: { 'content-type': subscribeForm.contentType },
      });
      expect(subscribed.status).toBe(200);
      expect(subscribed.body.subscribed).toEqual({ [alice.userId]: [channel] });
    });

    it('reads multipart fields beside a file part, and refuses a broken multipart body', async () => {
      const queueId = await messageQueue(bob);
      const boundary = `----chat-test-${randomBytes(8).toString('hex')}`;
      const body = [
        `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nprivate\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="to"\r\n\r\n[${bob.userId}]\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="/tmp/notes.txt"; filename="notes.txt"\r\nContent-Type: text/plain\r\n\r\nfile body\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="content"\r\n\r\nwith a file beside\r\n`,
        `--${boundary}--\r\n`,
      ].join('');
      const sent = await alice.api.request('POST', 'messages', {}, { body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });
      expect(sent.status).toBe(200);
      expect((await lastMessageEvent(bob, queueId)).message.content).toBe('with a file beside');

      const broken = await alice.api.request('POST', 'messages', {}, {
        body: `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\npriv`,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      expect(broken.status).toBe(400);
      expect(broken.body).toEqual({ result: 'error', msg: expect.any(String), code: 'BAD_REQUEST' });
    });

    it('accepts form and JSON content types with a charset', async () => {
      const queueId = await messageQueue(bob);
      const form = await alice.api.request('POST', 'messages', {}, {
        body: new URLSearchParams({ type: 'private', to: JSON.stringify([bob.userId]), content: 'form charset' }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' },
      });
      expect(form.status).toBe(200);
      expect((await lastMessageEvent(bob, queueId)).message.content).toBe('form charset');
      const json = await alice.api.request('POST', 'messages', {}, {
        body: JSON.stringify({ type: 'private', to: [bob.userId], content: 'json charset' }),
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      expect(json.status).toBe(200);
      expect((await lastMessageEvent(bob, queueId)).message.content).toBe('json charset');
    });

    it('accepts a JSON body with native values', async () => {
      const queueId = await messageQueue(bob);
      const sent = await alice.api.request('POST', 'messages', {}, jsonBody({ type: 'private', to: [bob.userId], content: 'json body', read_by_sender: true }));
      expect(sent.status).toBe(200);
      expect((await lastMessageEvent(bob, queueId)).message.content).toBe('json body');

      const channel = `json-${randomBytes(3).toString('hex')}`;
      const subscribed = await alice.api.request('POST', 'users/me/subscriptions', {}, jsonBody({
        subscriptions: [{ name: channel, description: 'from JSON' }],
        principals: [alice.userId, bob.userId],
        invite_only: false,
      }));
      expect(subscribed.status).toBe(200);
      expect(subscribed.body.subscribed).toEqual({ [alice.userId]: [channel], [bob.userId]: [channel] });

      const toChannel = await alice.api.request('POST', 'messages', {}, jsonBody({ type: 'stream', to: channel, topic: 'json', content: 'in the channel' }));
      expect(toChannel.status).toBe(200);
      const subscriptions = await alice.api.get('users/me/subscriptions');
      const streamId = (subscriptions.body.subscriptions as { name: string; stream_id: number }[]).find((sub) => sub.name === channel)?.stream_id;
      const byId = await alice.api.request('POST', 'messages', {}, jsonBody({ type: 'channel', to: streamId, topic: 'json', content: 'again' }));
      expect(byId.status).toBe(200);
      const event = await lastMessageEvent(bob, queueId);
      expect(event.message).toEqual(expect.objectContaining({ id: byId.body.id, stream_id: streamId, display_recipient: channel, subject: 'json' }));
    });

    it('refuses a malformed JSON body with the error envelope', async () => {
      const response = await alice.api.request('POST', 'messages', {}, { body: '{"type": "private",', headers: { 'content-type': 'application/json' } });
      expect(response.status).toBe(400);
      expect(response.body.result).toBe('error');
    });

    it('calls a JSON body with invalid UTF-8 malformed, and reads invalid bytes in a form as U+FFFD', async () => {
      const json = Buffer.concat([Buffer.from('{"type": "stream", "to": "x", "topic": "t", "content": "'), Buffer.from([0xff, 0xfe]), Buffer.from('"}')]);
      const response = await alice.api.request('POST', 'messages', {}, { body: json, headers: { 'content-type': 'application/json' } });
      expect({ status: response.status, body: response.body }).toEqual({ status: 400, body: { result: 'error', msg: 'Malformed JSON', code: 'INVALID_JSON' } });
      const form = Buffer.concat([Buffer.from('content='), Buffer.from([0xff]), Buffer.from('&to=nowhere-channel&type=stream&topic=t')]);
      const answer = await alice.api.request('POST', 'messages', {}, { body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(answer.body).toEqual(expect.objectContaining({ result: 'error', code: 'STREAM_DOES_NOT_EXIST' }));
    });

    it('reads the JSON text `null` as no value, as zulip-js sends it', async () => {
      const registered = await alice.api.post('register', { event_types: 'null' });
      expect(registered.status).toBe(200);
      expect(registered.body.queue_id).toEqual(expect.any(String));
      // event_types=null registers for everything: the state of many types comes back.
      expect(registered.body.realm_users).toBeDefined();
      expect(registered.body.subscriptions).toBeDefined();

      const channel = `nullprincipals-${randomBytes(3).toString('hex')}`;
      const subscribed = await alice.api.post('users/me/subscriptions', { subscriptions: [{ name: channel }], principals: 'null' });
      expect(subscribed.status).toBe(200);
      expect(subscribed.body.subscribed).toEqual({ [alice.userId]: [channel] });
    });

    it('lists unknown parameters in ignored_parameters_unsupported', async () => {
      const users = await alice.api.get('users', { client_gravatar: true, frobnicate: 'yes', 'also-unknown': 1 });
      expect(users.status).toBe(200);
      expect(users.body.ignored_parameters_unsupported).toEqual(['frobnicate', 'also-unknown']);

      const sent = await alice.api.post('messages', { type: 'private', to: [bob.userId], content: 'extra', sparkle: true });
      expect(sent.status).toBe(200);
      expect(sent.body.ignored_parameters_unsupported).toEqual(['sparkle']);

      const known = await alice.api.get('users/me');
      expect(known.body.ignored_parameters_unsupported).toBeUndefined();
      // `subject` is the legacy name of `topic`, and `client` names the client: both are read.
      const legacy = await alice.api.post('messages', { type: 'stream', to: 'general', subject: 'legacy', content: 'hi', client: 'test' });
      expect(legacy.status).toBe(200);
      expect(legacy.body.ignored_parameters_unsupported).toBeUndefined();
    });
  });

  describe('parameter errors', () => {
    it('answers a missing parameter with REQUEST_VARIABLE_MISSING and var_name', async () => {
      expectMissing(await alice.api.post('messages', { type: 'stream', to: 'general', topic: 'x' }), 'content');
      expectMissing(await alice.api.post('users/me/subscriptions', { principals: [alice.userId] }), 'subscriptions');
      expectMissing(await realm.api.post('fetch_api_key', { username: alice.email }), 'password');
    });

    it('names malformed values as Zulip does', async () => {
      const queueId = await messageQueue(alice);
      expectBadRequest(await alice.api.get('events', { queue_id: queueId, last_event_id: 1.5 }), 'last_event_id is not an integer');
      expectBadRequest(await alice.api.get('events', { queue_id: queueId, last_event_id: '"3"' }), 'last_event_id is not an integer');
      expectBadRequest(await alice.api.get('events', { queue_id: queueId, last_event_id: 'three' }), 'last_event_id is not valid JSON');
      expectBadRequest(await alice.api.get('events', { queue_id: queueId, dont_block: 1 }), 'dont_block is not a boolean');
      expectBadRequest(await alice.api.get('events', { queue_id: queueId, dont_block: 'yes' }), 'dont_block is not valid JSON');
      expectBadRequest(await alice.api.post('register', { apply_markdown: '"true"' }), 'apply_markdown is not a boolean');
      expectBadRequest(await alice.api.post('register', { event_types: '["message"' }), 'event_types is not valid JSON');
      expectBadRequest(await alice.api.post('users/me/subscriptions', { subscriptions: '{"name": "x"}' }), 'subscriptions is not a list');
    });

    it('refuses a NUL character or an id beyond the database\'s integers with a 400, not a 500', async () => {
      expectBadRequest(await alice.api.get('get_stream_id', { stream: 'gen\u0000eral' }), 'stream contains NULL (0x00) characters.');
      // Message content and topics keep Zulip's own words for it.
      expectBadRequest(await alice.api.post('messages', { type: 'stream', to: 'general', topic: 'x', content: 'a\u0000b' }), 'Message must not contain null bytes');
      expectBadRequest(await alice.api.post('messages', { type: 'stream', to: 'general', topic: 'x\u0000', content: 'ab' }), 'Invalid character in topic, at position 2!');
      expectBadRequest(await alice.api.post('user_topics', { stream_id: 1, topic: 'x\u0000', visibility_policy: 1 }), 'topic contains NULL (0x00) characters.');
      expectBadRequest(await alice.api.get('users/2147483648/status'), 'Invalid parameter: number out of range');
    });

    it('refuses a JSON body value of the wrong type', async () => {
      const wrong = await alice.api.request('POST', 'register', {}, jsonBody({ apply_markdown: 'maybe' }));
      expectBadRequest(wrong, 'apply_markdown is not valid JSON');
      const number = await alice.api.request('POST', 'register', {}, jsonBody({ apply_markdown: 1 }));
      expectBadRequest(number, 'apply_markdown is not a boolean');
    });
  });

  describe('routes', () => {
    it('answers an unknown API route with a 404 envelope', async () => {
      for (const route of ['no/such/endpoint', 'users/me/no-such-thing']) {
        const response = await alice.api.get(route);
        expect(response.status).toBe(404);
        expect(response.body).toEqual(expect.objectContaining({ result: 'error', code: expect.any(String), msg: expect.any(String) }));
      }
      // The routed path exactly: a trailing slash names no endpoint (and is no 405).
      for (const method of ['GET', 'POST']) {
        const slashed = await alice.api.request(method, 'users/');
        expect(slashed.status).toBe(404);
        expect(slashed.body.allowed_methods).toBeUndefined();
      }
      const outside = await alice.api.get('/no-such-page');
      expect(outside.status).toBe(404);
      expect(outside.body.result).toBe('error');
      expect(outside.headers['content-type']).toMatch(/^application\/json/);
    });

    it('answers a known route under another method with 405 and allowed_methods', async () => {
      const put = await alice.api.request('PUT', 'users/me/subscriptions', { subscriptions: [] });
      expect(put.status).toBe(405);
      expect(put.body).toEqual(expect.objectContaining({ result: 'error', code: 'BAD_REQUEST', msg: 'Method Not Allowed' }));
      expect([...(put.body.allowed_methods as string[])].sort()).toEqual(['DELETE', 'GET', 'PATCH', 'POST']);

      const deleteGroups = await alice.api.delete('user_groups');
      expect(deleteGroups.status).toBe(405);
      expect(deleteGroups.body.allowed_methods).toEqual(['GET']);
      expect(deleteGroups.headers.allow).toBe('GET');

      const patchKey = await realm.api.request('PATCH', 'fetch_api_key', { username: 'x', password: 'y' });
      expect(patchKey.status).toBe(405);
      expect(patchKey.body.allowed_methods).toEqual(['POST']);
    });

    it('answers a request too malformed to route with the error envelope', async () => {
      const answer = await rawExchange('FROB /api/v1/users HTTP/1.1\r\nHost: localhost\r\n\r\n');
      const [head, body] = answer.split('\r\n\r\n');
      expect(head).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(body)).toEqual({ result: 'error', msg: expect.any(String), code: 'BAD_REQUEST' });
    });

    it('answers a URL the router refuses (a broken escape, an over-long parameter) with the error envelope', async () => {
      expectBadRequest(await alice.api.get('messages/%zz'), 'Malformed URL');
      const tooLong = await alice.api.get(`messages/${'1'.repeat(2000)}`);
      expect({ status: tooLong.status, body: tooLong.body }).toEqual({ status: 414, body: { result: 'error', msg: 'URL path parameter too long', code: 'BAD_REQUEST' } });
      // An email address of the longest kind (254 characters) is a path parameter the route reads.
      const email = `${'a'.repeat(64)}@${'b'.repeat(185)}.test`;
      const byEmail = await alice.api.get(`users/${encodeURIComponent(email)}`);
      expect(byEmail.status).not.toBe(414);
      expect(byEmail.body.result).toBe('error');
    });

    it('sends a signed-out GET / to the log-in page, which names the API', async () => {
      const response = await realm.api.get('/');
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe('/login/');
      const login = await realm.api.get('/login');
      expect(login.status).toBe(200);
      expect(login.headers['content-type']).toMatch(/^text\/html/);
      expect(login.body.raw).toMatch(/<html[\s>]/);
      expect(login.body.raw).toContain('/api/v1');
    });

    it('answers every success with 200 (never 201) and the success envelope', async () => {
      const sent = await alice.api.post('messages', { type: 'stream', to: 'general', topic: 'status', content: 'two hundred' });
      expect(sent.status).toBe(200);
      expect(sent.body).toEqual({ result: 'success', msg: '', id: expect.any(Number) });
    });
  });

  describe('every endpoint of the foundation refuses a missing and a garbled parameter, writing nothing', () => {
    interface Counts {
      users: number;
      channels: number;
      aliceSubscriptions: number;
      bobSubscriptions: number;
      aliceMaxMessage: number;
      bobMaxMessage: number;
    }

    async function counts(): Promise<Counts> {
      const users = await realm.ownerApi.get('users');
      const channels = await realm.ownerApi.get('streams', { include_all: true });
      const aliceSubs = await alice.api.get('users/me/subscriptions');
      const bobSubs = await bob.api.get('users/me/subscriptions');
      const aliceMe = await alice.api.get('users/me');
      const bobMe = await bob.api.get('users/me');
      return {
        users: (users.body.members as unknown[]).length,
        channels: (channels.body.streams as unknown[]).length,
        aliceSubscriptions: (aliceSubs.body.subscriptions as unknown[]).length,
        bobSubscriptions: (bobSubs.body.subscriptions as unknown[]).length,
        aliceMaxMessage: aliceMe.body.max_message_id as number,
        bobMaxMessage: bobMe.body.max_message_id as number,
      };
    }

    type Case = [label: string, send: () => Promise<ApiResponse>, expected: { msg: string; code?: string; var_name?: string }];

    const missing = (name: string) => ({ msg: `Missing '${name}' argument`, code: 'REQUEST_VARIABLE_MISSING', var_name: name });
    const bad = (msg: string) => ({ msg, code: 'BAD_REQUEST' });

    function cases(queueId: string, messageId: number): Case[] {
      const newUser = (params: Params) => realm.ownerApi.post('users', { email: `new-${randomBytes(3).toString('hex')}@wire.test`, password: 'long enough', full_name: 'New', ...params });
      const newChannel = `never-${randomBytes(3).toString('hex')}`;
      return [
        ['POST /fetch_api_key without password', () => realm.api.post('fetch_api_key', { username: alice.email }), missing('password')],
        ['POST /fetch_api_key without username', () => realm.api.post('fetch_api_key', { password: 'user-password' }), missing('username')],
        ['POST /fetch_api_key with a garbled username', () => realm.api.post('fetch_api_key', { username: 'not an email', password: 'x' }), bad('Enter a valid email address.')],
        ['GET /users with a garbled client_gravatar', () => alice.api.get('users', { client_gravatar: 'maybe' }), bad('client_gravatar is not valid JSON')],
        ['GET /users with a non-boolean include_custom_profile_fields', () => alice.api.get('users', { include_custom_profile_fields: 7 }), bad('include_custom_profile_fields is not a boolean')],
        ['POST /users without full_name', () => newUser({ full_name: undefined }), missing('full_name')],
        ['POST /users without email', () => realm.ownerApi.post('users', { password: 'long enough', full_name: 'New' }), missing('email')],
        ['POST /users with a garbled email', () => newUser({ email: 'not-an-email' }), bad("Invalid email 'not-an-email'")],
        ['POST /users/me/subscriptions without subscriptions', () => alice.api.post('users/me/subscriptions', { principals: [bob.userId] }), missing('subscriptions')],
        ['POST /users/me/subscriptions with garbled subscriptions', () => alice.api.post('users/me/subscriptions', { subscriptions: `[{"name": "${newChannel}"` }), bad('subscriptions is not valid JSON')],
        ['POST /users/me/subscriptions with an unknown principal', () => alice.api.post('users/me/subscriptions', { subscriptions: [{ name: newChannel }], principals: [bob.userId, 987654321] }), bad('No such user')],
        ['POST /users/me/subscriptions with principals that are not a list', () => alice.api.post('users/me/subscriptions', { subscriptions: [{ name: newChannel }], principals: { id: bob.userId } }), bad('principals is not a list')],
        ['POST /users/me/subscriptions with a non-boolean invite_only', () => alice.api.post('users/me/subscriptions', { subscriptions: [{ name: newChannel }], invite_only: 'private' }), bad('invite_only is not valid JSON')],
        ['GET /streams with a garbled include_public', () => alice.api.get('streams', { include_public: 'maybe' }), bad('include_public is not valid JSON')],
        ['GET /users/me/subscriptions with a garbled include_subscribers', () => alice.api.get('users/me/subscriptions', { include_subscribers: '{' }), bad('include_subscribers is not valid JSON')],
        ['POST /messages without content', () => alice.api.post('messages', { type: 'stream', to: 'general', topic: 'nothing' }), missing('content')],
        ['POST /messages without to', () => alice.api.post('messages', { type: 'private', content: 'to nobody' }), missing('to')],
        ['POST /messages without type', () => alice.api.post('messages', { to: [bob.userId], content: 'no type' }), missing('type')],
        ['POST /messages with a garbled type', () => alice.api.post('messages', { type: 'pigeon', to: [bob.userId], content: 'coo' }), bad('Invalid message type')],
        ['POST /messages with a garbled read_by_sender', () => alice.api.post('messages', { type: 'private', to: [bob.userId], content: 'x', read_by_sender: 'perhaps' }), bad('read_by_sender is not valid JSON')],
        ['GET /messages without num_before', () => alice.api.get('messages', { anchor: 'newest', num_after: 0 }), missing('num_before')],
        ['GET /messages with a garbled num_after', () => alice.api.get('messages', { anchor: 'newest', num_before: 1, num_after: '"5"' }), bad('num_after is not an integer')],
        ['GET /messages with a fractional num_before', () => alice.api.get('messages', { anchor: 'newest', num_before: 1.5, num_after: 0 }), bad('num_before is not an integer')],
        ['GET /messages/{id} with a garbled apply_markdown', () => alice.api.get(`messages/${messageId}`, { apply_markdown: 'perhaps' }), bad('apply_markdown is not valid JSON')],
        ['GET /messages/{id} with a garbled id', () => alice.api.get('messages/abc'), bad('message_id is not an integer')],
        ['POST /register with garbled event_types', () => alice.api.post('register', { event_types: '["message",' }), bad('event_types is not valid JSON')],
        ['POST /register with a non-boolean apply_markdown', () => alice.api.post('register', { apply_markdown: 3 }), bad('apply_markdown is not a boolean')],
        ['POST /register with a narrow that is not a list', () => alice.api.post('register', { narrow: { stream: 'general' } }), bad('narrow is not a list')],
        // Zulip's events endpoint words this one itself, without var_name.
        ['GET /events without queue_id', () => alice.api.get('events', { last_event_id: -1 }), bad("Missing 'queue_id' argument")],
        ['GET /events with a garbled last_event_id', () => alice.api.get('events', { queue_id: queueId, last_event_id: 'latest' }), bad('last_event_id is not valid JSON')],
        ['GET /events with a garbled dont_block', () => alice.api.get('events', { queue_id: queueId, dont_block: 'nope' }), bad('dont_block is not valid JSON')],
        ['DELETE /events without queue_id', () => alice.api.delete('events', {}), missing('queue_id')],
        ['DELETE /events with a garbled queue_id', () => alice.api.delete('events', { queue_id: 'no-such-queue' }), { msg: 'Bad event queue ID: no-such-queue', code: 'BAD_EVENT_QUEUE_ID' }],
      ];
    }

    it('answers each with the 400 envelope', async () => {
      const registered = await alice.api.post('register', { event_types: ['message'] });
      const queueId = registered.body.queue_id as string;
      const sent = await alice.api.post('messages', { type: 'private', to: [bob.userId], content: 'a message to fetch' });
      expect(sent.status).toBe(200);
      const before = await counts();
      const results = [];
      for (const [label, send] of cases(queueId, sent.body.id as number)) {
        const response = await send();
        results.push({ label, status: response.status, body: response.body });
      }
      expect(results).toEqual(
        cases(queueId, sent.body.id as number).map(([label, , expected]) => ({
          label,
          status: 400,
          body: expect.objectContaining({ result: 'error', ...expected }),
        })),
      );
      expect(await counts()).toEqual(before);
      // The queue the garbled polls named is still there and untouched.
      const events = await alice.api.get('events', { queue_id: queueId, last_event_id: -1, dont_block: true });
      expect(events.status).toBe(200);
    });
  });
});
