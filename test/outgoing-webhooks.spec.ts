import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import { createBot, createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { fixtureSql } from './support/fixture-sql';
import { Event, Queue } from './support/queue';

/**
 * Outgoing webhooks (spec 4.22) against a real receiver on 127.0.0.1, which the test
 * server allows (WEBHOOK_ALLOWED_HOSTS) with short retries and a 1-second timeout
 * (test/support/global-setup.ts).
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

type Reply = { status?: number; body?: string; delayMs?: number; headers?: Record<string, string> };

/** A webhook receiver answering from a script, one reply per request (the last one repeats). */
class Receiver {
  readonly requests: Received[] = [];
  private script: Reply[] = [{ body: '' }];
  private server!: http.Server;
  port = 0;

  async start(host = '127.0.0.1'): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        this.requests.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
        const reply = this.script.length > 1 ? (this.script.shift() as Reply) : this.script[0];
        const answer = () => {
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers });
          res.end(reply.body ?? '');
        };
        if (reply.delayMs) setTimeout(answer, reply.delayMs);
        else answer();
      });
    });
    await new Promise<void>((resolve) => this.server.listen(0, host, resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  answer(...replies: Reply[]): void {
    this.script = replies;
    this.requests.length = 0;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const json = (value: unknown) => JSON.stringify(value);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => T | undefined, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

describe('outgoing webhooks', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let bob: TestUser;
  let receiver: Receiver;
  let bot: { id: number; email: string; token: string };
  let aliceQueue: Queue;

  const fromBot = (event: Event) => event.type === 'message' && event.message.sender_id === bot.id;

  beforeAll(async () => {
    realm = await createTestRealm('hooks');
    alice = await realm.createUser('Alice');
    bob = await realm.createUser('Bob');
    receiver = await new Receiver().start();
    const made = await alice.api.post('bots', {
      short_name: 'echo', full_name: 'Echo Bot', bot_type: 3, payload_url: json(receiver.url()),
    });
    if (made.status !== 200) throw new Error(`POST /bots: ${JSON.stringify(made.body)}`);
    // The owner sees the bot's token in its `realm_bots` state.
    const state = await alice.api.post('register', { fetch_event_types: json(['realm_bot']) });
    const listed = (state.body.realm_bots as Json[]).find((entry) => entry.user_id === made.body.user_id) as Json;
    bot = { id: made.body.user_id as number, email: listed.email as string, token: listed.services[0].token as string };
    // Zulip's register default: raw markdown in message events.
    aliceQueue = await Queue.register(alice.api, { event_types: ['message'] });
  });

  afterAll(async () => {
    await receiver.stop();
  });

  beforeEach(async () => {
    await aliceQueue.drain();
  });

  async function dmBot(content: string): Promise<number> {
    const sent = await alice.api.post('messages', { type: 'direct', to: json([bot.id]), content });
    expect(sent.status).toBe(200);
    return sent.body.id as number;
  }

  async function pendingTriggers(messageId: number): Promise<number> {
    const rows = await fixtureSql<{ n: string }>('SELECT count(*) AS n FROM outgoing_webhook_trigger WHERE message_id = $1', [messageId]);
    return Number(rows[0].n);
  }

  it('POSTs a direct message with every field of 4.22 and posts the answer as the bot reply', async () => {
    receiver.answer({ body: json({ content: 'pong **back**' }) });
    const id = await dmBot('ping **there**');
    const [reply] = await aliceQueue.takeWhere(1, fromBot);
    expect(receiver.requests).toHaveLength(1);
    const request = receiver.requests[0];
    expect(request.path).toBe('/hook');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['user-agent']).toMatch(/^ZulipOutgoingWebhook\/\S+$/);
    const payload = JSON.parse(request.body) as Json;
    expect(Object.keys(payload).sort()).toEqual(['bot_email', 'bot_full_name', 'data', 'message', 'token', 'trigger']);
    expect(payload).toMatchObject({
      bot_email: bot.email,
      bot_full_name: 'Echo Bot',
      data: 'ping **there**',
      token: bot.token,
      trigger: 'direct_message',
    });
    expect(payload.message).toMatchObject({
      id,
      sender_id: alice.userId,
      sender_full_name: 'Alice',
      sender_email: alice.email,
      content: 'ping **there**',
      rendered_content: '<p>ping <strong>there</strong></p>',
      content_type: 'text/x-markdown',
      type: 'private',
      subject: '',
      topic_links: [],
      reactions: [],
      submessages: [],
      client: expect.any(String),
      timestamp: expect.any(Number),
    });
    expect((payload.message.display_recipient as Json[]).map((user) => user.id)).toEqual([alice.userId, bot.id].sort((a, b) => a - b));
    expect(payload.message.flags).toBeUndefined();

    expect(reply.message).toMatchObject({
      sender_id: bot.id,
      content: 'pong **back**',
      type: 'private',
      client: 'OutgoingWebhookResponse',
    });
    expect((reply.message.display_recipient as Json[]).map((user) => user.id).sort()).toEqual([alice.userId, bot.id].sort());
    await sleep(300);
    expect(receiver.requests).toHaveLength(1);
    expect(await pendingTriggers(id)).toBe(0);
  });

  it('sends no reply for response_not_required, an empty body or empty content', async () => {
    for (const body of [json({ response_not_required: true }), '', json({ content: '  ' }), json('')]) {
      receiver.answer({ body });
      const id = await dmBot(`quiet ${body.length}`);
      await until(() => (receiver.requests.length === 1 ? true : undefined), 'the request');
      await sleep(300);
      expect(await pendingTriggers(id)).toBe(0);
    }
    expect((await aliceQueue.drain()).filter(fromBot)).toEqual([]);
  });

  it('POSTs a channel mention with trigger mention and answers in the same topic; silent mentions and unreadable channels trigger nothing', async () => {
    const subscribed = await alice.api.post('users/me/subscriptions', { subscriptions: json([{ name: 'hooks-lobby' }]) });
    expect(subscribed.status).toBe(200);
    receiver.answer({ body: json({ content: 'at your service' }) });
    const sent = await alice.api.post('messages', { type: 'stream', to: 'hooks-lobby', topic: 'help', content: '@**Echo Bot** status?' });
    const [reply] = await aliceQueue.takeWhere(1, fromBot);
    expect(receiver.requests).toHaveLength(1);
    const payload = JSON.parse(receiver.requests[0].body) as Json;
    expect(payload).toMatchObject({ trigger: 'mention', data: '@**Echo Bot** status?', token: bot.token });
    expect(payload.message).toMatchObject({
      id: sent.body.id,
      type: 'stream',
      display_recipient: 'hooks-lobby',
      subject: 'help',
      content: '@**Echo Bot** status?',
      rendered_content: `<p><span class="user-mention" data-user-id="${bot.id}">@Echo Bot</span> status?</p>`,
    });
    expect(reply.message).toMatchObject({ type: 'stream', display_recipient: 'hooks-lobby', subject: 'help', content: 'at your service' });

    receiver.answer({ body: json({ content: 'should not come' }) });
    const silent = await alice.api.post('messages', { type: 'stream', to: 'hooks-lobby', topic: 'help', content: '@_**Echo Bot** quietly' });
    await alice.api.post('users/me/subscriptions', { subscriptions: json([{ name: 'hooks-private' }]), invite_only: 'true' });
    const hidden = await alice.api.post('messages', { type: 'stream', to: 'hooks-private', topic: 'x', content: '@**Echo Bot** in private' });
    await sleep(500);
    expect(receiver.requests).toHaveLength(0);
    expect(await pendingTriggers(silent.body.id as number)).toBe(0);
    expect(await pendingTriggers(hidden.body.id as number)).toBe(0);
  });

  it('reaches every bot of a group DM once, and answers into the group conversation', async () => {
    receiver.answer({ body: json({ content: 'group hello' }) });
    const sent = await alice.api.post('messages', { type: 'direct', to: json([bot.id, bob.userId]), content: 'hi all' });
    const [reply] = await aliceQueue.takeWhere(1, fromBot);
    expect(receiver.requests).toHaveLength(1);
    expect(JSON.parse(receiver.requests[0].body).message.id).toBe(sent.body.id);
    expect((reply.message.display_recipient as Json[]).map((user) => user.id).sort()).toEqual([alice.userId, bob.userId, bot.id].sort());
  });

  it('retries 5xx answers and timeouts, then delivers', async () => {
    receiver.answer({ status: 503, body: 'busy' }, { delayMs: 1500, body: json({ content: 'too late' }) }, { body: json({ content: 'finally' }) });
    const id = await dmBot('flaky');
    const [reply] = await aliceQueue.takeWhere(1, fromBot, 15_000);
    expect(reply.message.content).toBe('finally');
    expect(receiver.requests.length).toBe(3);
    expect(await pendingTriggers(id)).toBe(0);
  });

  it('gives up after three retries: the bot says it is unavailable and its owner hears why', async () => {
    receiver.answer({ status: 500, body: 'down' });
    const id = await dmBot('anyone there?');
    const replies = await aliceQueue.takeWhere(2, fromBot, 15_000);
    expect(receiver.requests).toHaveLength(4);
    const [failure, notice] = replies;
    expect(failure.message.content).toBe('Failure! Bot is unavailable');
    // The owner's notice is a direct message from the bot to its owner, alone.
    expect(notice.message.display_recipient.map((user: Json) => user.id).sort()).toEqual([alice.userId, bot.id].sort());
    const raw = await alice.api.get(`messages/${notice.message.id}`, { apply_markdown: 'false' });
    expect(raw.body.message.content).toBe(
      `[A message](http://${realm.api.host}/#narrow/dm/${[alice.userId, bot.id].sort((a, b) => a - b).join(',')}-dm/near/${id}) ` +
        'to your bot @_**Echo Bot** triggered an outgoing webhook.\nThird party responded with 500',
    );
    await sleep(500);
    expect(receiver.requests).toHaveLength(4);
    expect(await pendingTriggers(id)).toBe(0);
  });

  it('reports a 4xx answer and a non-JSON answer without retrying', async () => {
    receiver.answer({ status: 404, body: 'no such hook' });
    await dmBot('wrong path');
    const [failure, notice] = await aliceQueue.takeWhere(2, fromBot);
    expect(receiver.requests).toHaveLength(1);
    expect(failure.message.content).toBe('Failure! Third party responded with 404');
    const raw = await alice.api.get(`messages/${notice.message.id}`, { apply_markdown: 'false' });
    expect(raw.body.message.content).toContain('\nThe webhook got a response with status code *404*.\nThe response contains the following payload:\n```\nno such hook\n```');

    receiver.answer({ body: '<html>oops</html>' });
    await dmBot('bad answer');
    const [invalid, invalidNotice] = await aliceQueue.takeWhere(2, fromBot);
    expect(invalid.message.content).toBe('Failure! Invalid JSON in response');
    const rawInvalid = await alice.api.get(`messages/${invalidNotice.message.id}`, { apply_markdown: 'false' });
    expect(rawInvalid.body.message.content).toContain(
      'The outgoing webhook server attempted to send a message in Zulip, but that request resulted in the following error:\n> Invalid JSON in response',
    );
  });

  it('refuses private, loopback and link-local addresses when the bot is saved', async () => {
    for (const target of ['http://127.0.0.2:9/hook', 'http://10.1.2.3/hook', 'http://169.254.169.254/latest', 'http://[::1]:9/', 'http://192.168.0.10/']) {
      expectError(
        await alice.api.post('bots', { short_name: 'sneaky', full_name: 'Sneaky', bot_type: 3, payload_url: json(target) }),
        'payload_url is not allowed: it points to a private, loopback or link-local address',
      );
      expectError(
        await alice.api.patch(`bots/${bot.id}`, { service_payload_url: json(target) }),
        'service_payload_url is not allowed: it points to a private, loopback or link-local address',
      );
    }
    const state = await alice.api.post('register', { fetch_event_types: json(['realm_bot']) });
    expect((state.body.realm_bots as Json[]).find((entry) => entry.user_id === bot.id)?.services[0].base_url).toBe(receiver.url());
  });

  it('refuses them again at delivery, also behind a redirect', async () => {
    const hidden = await new Receiver().start('127.0.0.2');
    try {
      hidden.answer({ body: json({ content: 'should never be asked' }) });
      receiver.answer({ status: 307, headers: { location: `http://127.0.0.2:${hidden.port}/inside` } });
      await dmBot('follow me');
      const [failure, notice] = await aliceQueue.takeWhere(2, fromBot);
      expect(receiver.requests).toHaveLength(1);
      expect(hidden.requests).toHaveLength(0);
      expect(failure.message.content).toBe('Failure! Bot is unavailable');
      const raw = await alice.api.get(`messages/${notice.message.id}`, { apply_markdown: 'false' });
      expect(raw.body.message.content).toMatch(/triggered an outgoing webhook\.\nThe URL configured for the webhook is for a private or disallowed network\.$/);

      // A URL stored before the rules (or by hand) is refused when delivering.
      await fixtureSql('UPDATE service SET base_url = $2 WHERE user_profile_id = $1', [bot.id, `http://127.0.0.2:${hidden.port}/direct`]);
      await dmBot('go direct');
      await aliceQueue.takeWhere(2, fromBot);
      expect(hidden.requests).toHaveLength(0);
    } finally {
      await fixtureSql('UPDATE service SET base_url = $2 WHERE user_profile_id = $1', [bot.id, receiver.url()]);
      await hidden.stop();
    }
  });

  it('follows a redirect to an allowed address', async () => {
    receiver.answer({ status: 308, headers: { location: '/moved' } }, { body: json({ content: 'moved here' }) });
    await dmBot('where are you');
    const [reply] = await aliceQueue.takeWhere(1, fromBot);
    expect(reply.message.content).toBe('moved here');
    expect(receiver.requests.map((request) => request.path)).toEqual(['/hook', '/moved']);
    expect(JSON.parse(receiver.requests[1].body).data).toBe('where are you');
  });

  it('ignores messages sent by bots, and the Slack interface refuses direct messages', async () => {
    receiver.answer({ body: json({ content: 'no' }) });
    const generic = await createBot(realm, alice.api, 'plain', 'Plain Bot');
    const fromGeneric = await generic.api.post('messages', { type: 'direct', to: json([bot.id]), content: 'bot to bot' });
    expect(fromGeneric.status).toBe(200);
    await sleep(500);
    expect(receiver.requests).toHaveLength(0);
    expect(await pendingTriggers(fromGeneric.body.id as number)).toBe(0);

    const slack = await alice.api.post('bots', {
      short_name: 'slacky', full_name: 'Slacky', bot_type: 3, payload_url: json(receiver.url('/slack')), interface_type: 2,
    });
    const slackId = slack.body.user_id as number;
    await alice.api.post('messages', { type: 'direct', to: json([slackId]), content: 'hello slack' });
    const [failure] = await aliceQueue.takeWhere(1, (event) => event.type === 'message' && event.message.sender_id === slackId);
    expect(failure.message.content).toBe('Failure! Slack outgoing webhooks don\'t support private messages.');
    expect(receiver.requests).toHaveLength(0);
  });

  it('delivers a trigger whose job was lost between commit and enqueue', async () => {
    receiver.answer({ body: json({ content: 'recovered' }) });
    // A message with a trigger row but no job: as if the process died right after the commit.
    const sent = await alice.api.post('messages', { type: 'direct', to: json([bob.userId]), content: 'lost trigger' });
    await fixtureSql(
      `INSERT INTO outgoing_webhook_trigger (message_id, bot_profile_id, trigger, created_at) VALUES ($1, $2, 'direct_message', now() - interval '1 hour')`,
      [sent.body.id, bot.id],
    );
    await until(() => (receiver.requests.length > 0 ? true : undefined), 'the recovered delivery', 15_000);
    expect(JSON.parse(receiver.requests[0].body).message.id).toBe(sent.body.id);
    await sleep(300);
    expect(await pendingTriggers(sent.body.id as number)).toBe(0);
  });
});
