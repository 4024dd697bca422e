import * as fs from 'node:fs';
import * as path from 'node:path';
import { Client } from 'pg';
import { createBot, createTestRealm, expectError, TestRealm, TestUser } from './support/api';
import { fixtureSql } from './support/fixture-sql';
import { Event, Queue } from './support/queue';
import { freePort, OwnDatabase, ownDatabase, ownRedisUrl, ServerProcess, startServer, TEST_WEBHOOK_ENV } from './support/server-process';
import { Receiver } from './support/webhook-receiver';
import { sleep, until } from './support/until';

/**
 * Outgoing webhooks (docs/api.md, "Outgoing webhooks") against a real receiver on 127.0.0.1, which the test
 * server allows (WEBHOOK_ALLOWED_HOSTS) with short retries and a 1-second timeout
 * (test/support/global-setup.ts).
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const json = (value: unknown) => JSON.stringify(value);
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

  /** A delivered trigger's row goes once its delivery is settled, a moment after the reply (or the request) is seen. */
  async function settled(messageId: number): Promise<void> {
    await until(async () => ((await pendingTriggers(messageId)) === 0 ? true : undefined), `the trigger of message ${messageId} to settle`);
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
    await settled(id);
  });

  it('sends no reply for response_not_required, an empty body or empty content', async () => {
    for (const body of [json({ response_not_required: true }), '', json({ content: '  ' }), json('')]) {
      receiver.answer({ body });
      const id = await dmBot(`quiet ${body.length}`);
      await until(() => (receiver.requests.length === 1 ? true : undefined), 'the request');
      await sleep(300);
      await settled(id);
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
    await settled(id);
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
    await settled(id);
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

  it('treats an answer longer than WEBHOOK_MAX_RESPONSE_BYTES as a failed one: failure notice and owner DM, no retry', async () => {
    const limit = Number(TEST_WEBHOOK_ENV.WEBHOOK_MAX_RESPONSE_BYTES);
    // Valid JSON padded with trailing whitespace to exactly `bytes`: only its size can fail it.
    const padded = (bytes: number, content: string) => {
      const body = json({ content });
      return body + ' '.repeat(bytes - Buffer.byteLength(body));
    };
    receiver.answer({ body: padded(limit, 'just fits') });
    await dmBot('at the limit');
    const [fits] = await aliceQueue.takeWhere(1, fromBot);
    expect(fits.message.content).toBe('just fits');

    receiver.answer({ body: padded(limit + 1, 'one byte too many') });
    const id = await dmBot('over the limit');
    const [failure, notice] = await aliceQueue.takeWhere(2, fromBot);
    expect(failure.message.content).toBe(`Failure! The response was longer than ${limit} bytes.`);
    expect(notice.message.display_recipient.map((user: Json) => user.id).sort()).toEqual([alice.userId, bot.id].sort());
    const raw = await alice.api.get(`messages/${notice.message.id}`, { apply_markdown: 'false' });
    expect(raw.body.message.content).toBe(
      `[A message](http://${realm.api.host}/#narrow/dm/${[alice.userId, bot.id].sort((a, b) => a - b).join(',')}-dm/near/${id}) ` +
        `to your bot @_**Echo Bot** triggered an outgoing webhook.\nThe response was longer than ${limit} bytes.`,
    );
    // A failed answer, not an unreachable receiver: asked once, and settled.
    await settled(id);
    await sleep(300);
    expect(receiver.requests).toHaveLength(1);
    expect((await aliceQueue.drain()).filter(fromBot)).toEqual([]);
  });

  it('judges a longer error answer by its status, as Zulip does: a 5xx is retried, a 4xx reported with the start of its body', async () => {
    const limit = Number(TEST_WEBHOOK_ENV.WEBHOOK_MAX_RESPONSE_BYTES);
    receiver.answer({ status: 503, body: 'b'.repeat(limit + 1) }, { body: json({ content: 'after the long error' }) });
    await dmBot('long error first');
    const [reply] = await aliceQueue.takeWhere(1, fromBot);
    expect(reply.message.content).toBe('after the long error');
    expect(receiver.requests).toHaveLength(2);

    receiver.answer({ status: 404, body: 'x'.repeat(limit + 1) });
    await dmBot('long 404');
    const [failure, notice] = await aliceQueue.takeWhere(2, fromBot);
    expect(receiver.requests).toHaveLength(1);
    expect(failure.message.content).toBe('Failure! Third party responded with 404');
    const raw = await alice.api.get(`messages/${notice.message.id}`, { apply_markdown: 'false' });
    expect(raw.body.message.content).toContain(
      `\nThe webhook got a response with status code *404*.\nThe response contains the following payload:\n\`\`\`\n${'x'.repeat(1000)}…\n\`\`\``,
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
    await settled(sent.body.id as number);
  });
});

/**
 * This file's own Redis database for the server below (see ownRedisUrl): on the run's, the
 * run's server would take its jobs. Not another file's either (faults.spec.ts has 13 and 14,
 * retention 11, rate limits 12, webhook-worker 15).
 */
const REDIS_INDEX = process.env.REDIS_URL && new URL(process.env.REDIS_URL).pathname === '/10' ? 9 : 10;

/** One delivery attempt as the delivery's log line tells it (`attempt 2: delivered`). */
function loggedAttempts(stderr: string, messageId: number, botId: number): { attempt: number; result: string }[] {
  const prefix = `webhook m${messageId} bot ${botId} `;
  const attempts: { attempt: number; result: string }[] = [];
  for (const line of stderr.split('\n')) {
    if (!line.startsWith('{')) continue;
    const msg = String((JSON.parse(line) as Json).msg ?? '');
    const match = msg.startsWith(prefix) ? /attempt (\d+): (\w+)/.exec(msg) : null;
    if (match) attempts.push({ attempt: Number(match[1]), result: match[2] });
  }
  return attempts;
}

/**
 * A receiver that is down when the trigger comes (nothing listens on its port: the
 * connection is refused), and comes up on the same port before the retries run out. On a
 * server of this file's own, whose log shows when the first attempt failed: the receiver
 * starts after that, not after a guessed delay, and retries 1, 2 and 4 seconds apart
 * (WEBHOOK_RETRY_DELAY_MS) leave ample time for that. On PostgreSQL it has a database of its own
 * too: the run's server sweeps every unsettled trigger of its database after
 * WEBHOOK_RECOVERY_SECONDS and would deliver this one itself.
 */
describe('outgoing webhooks: the receiver down, then up', () => {
  let database: OwnDatabase | undefined;
  let server: ServerProcess;
  let receiver: Receiver | undefined;

  beforeAll(async () => {
    database = await ownDatabase('chat_webhook_retry');
    const redisUrl = await ownRedisUrl(REDIS_INDEX);
    server = await startServer({
      LOG_LEVEL: 'info',
      WEBHOOK_RETRY_DELAY_MS: '1000',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    });
  }, 180_000);

  afterAll(async () => {
    await receiver?.stop();
    await server?.stop();
    await database?.drop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  });

  /** SQL on this server's database (DATABASE_URL, or its embedded database's socket). */
  async function sql<T = Json>(text: string, params: unknown[] = []): Promise<T[]> {
    const client = database
      ? new Client({ connectionString: database.url })
      : new Client({ host: path.join(server.dataDir, 'run'), port: 5432, user: 'postgres', database: 'postgres' });
    await client.connect();
    try {
      return (await client.query(text, params)).rows as T[];
    } finally {
      await client.end();
    }
  }

  it('retries while the connection is refused, then delivers exactly once when the receiver listens again', async () => {
    const realm = await createTestRealm('hookretry', server);
    const alice = await realm.createUser('Alice');
    const port = await freePort();
    const made = await alice.api.post('bots', {
      short_name: 'later', full_name: 'Later Bot', bot_type: 3, payload_url: json(`http://127.0.0.1:${port}/hook`),
    });
    expect(made.status).toBe(200);
    const botId = made.body.user_id as number;
    const queue = await Queue.register(alice.api, { event_types: ['message'] });

    const sent = await alice.api.post('messages', { type: 'direct', to: json([botId]), content: 'are you up?' });
    expect(sent.status).toBe(200);
    const id = sent.body.id as number;
    await until(
      () => (loggedAttempts(server.stderr(), id, botId).some((entry) => entry.attempt === 1 && entry.result === 'retry') ? true : undefined),
      'the first attempt to fail',
      15_000,
    );
    expect(await sql('SELECT 1 FROM outgoing_webhook_trigger WHERE message_id = $1', [id])).toHaveLength(1);

    receiver = new Receiver();
    receiver.answer({ body: json({ content: 'back up' }) });
    await receiver.start('127.0.0.1', port);
    const [reply] = await queue.takeWhere(1, (event) => event.type === 'message' && event.message.sender_id === botId, 20_000);
    expect(reply.message.content).toBe('back up');
    expect(receiver.requests).toHaveLength(1);
    expect(JSON.parse(receiver.requests[0].body)).toMatchObject({ trigger: 'direct_message', data: 'are you up?', message: { id } });
    await until(
      async () => ((await sql('SELECT 1 FROM outgoing_webhook_trigger WHERE message_id = $1', [id])).length === 0 ? true : undefined),
      'the trigger to settle',
    );

    // Connection errors retried until the receiver was up, then one delivery; no failure
    // notice in the conversation (nor the owner's, the same one here) and no further attempt.
    const attempts = loggedAttempts(server.stderr(), id, botId);
    const delivered = attempts.filter((entry) => entry.result === 'delivered');
    expect(delivered).toHaveLength(1);
    expect(attempts.map((entry) => entry.result)).toEqual([...Array(delivered[0].attempt - 1).fill('retry'), 'delivered']);
    expect(delivered[0].attempt).toBeGreaterThan(1);
    const conversation = await alice.api.get('messages', {
      anchor: 'newest', num_before: 10, num_after: 0, narrow: json([{ operator: 'dm', operand: [botId] }]), apply_markdown: 'false',
    });
    expect((conversation.body.messages as Json[]).map((message) => message.content)).toEqual(['are you up?', 'back up']);
    expect(receiver.requests).toHaveLength(1);
  });
});
