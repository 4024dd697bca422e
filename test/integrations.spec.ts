import * as fs from 'node:fs';
import * as http from 'node:http';
import { AddressInfo } from 'node:net';
import * as path from 'node:path';
import fc from 'fast-check';
import { INTEGRATIONS } from '../src/integrations/domain/providers';
import { Api, ApiResponse, createTestRealm, Credentials, expectError, ok, subscribeTo, TestRealm, TestUser } from './support/api';
import { Event, Queue } from './support/queue';
import { rawExchange } from './support/raw-request';
import { sleep } from './support/until';

/**
 * Incoming webhooks (docs/integrations.md): `POST /api/v1/external/<name>` signed by the
 * URL's `api_key` or Basic credentials, posting through the send path every message takes.
 */

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PROVIDERS = path.join(__dirname, '../src/integrations/domain/providers');
const SLACK_FIXTURES = path.join(PROVIDERS, 'slack_incoming/fixtures');
const githubFixture = (name: string) => fs.readFileSync(path.join(PROVIDERS, 'github/fixtures', `${name}.json`));
const jiraFixture = (name: string) => JSON.parse(fs.readFileSync(path.join(PROVIDERS, 'jira/fixtures', `${name}.json`), 'utf8')) as Json;

/** Zulip's message for github/fixtures/push__1_commit.json (zerver/webhooks/github/tests.py). */
const PUSH_1_COMMIT = {
  subject: 'public-repo / changes',
  content:
    'baxterthehacker [pushed](https://github.com/baxterthehacker/public-repo/compare/9049f1265b7d...0d1a26e67d8f) 1 commit to branch changes.\n\n' +
    '* Update README.md ([0d1a26e67d8](https://github.com/baxterthehacker/public-repo/commit/0d1a26e67d8f5eaf1f6ba5c57fc3c7d91ac0fd1c))',
};

interface Bot extends Credentials {
  id: number;
}

describe('incoming webhooks', () => {
  let realm: TestRealm;
  let alice: TestUser;
  let eve: TestUser;
  let hookBot: Bot;
  let eveBot: Bot;
  let channelId: number;
  let queue: Queue;

  async function incomingBot(owner: Api, shortName: string): Promise<Bot> {
    const made = ok(await owner.post('bots', { short_name: shortName, full_name: `${shortName} bot`, bot_type: 2 }), 'POST /bots');
    const state = ok(await owner.post('register', { fetch_event_types: JSON.stringify(['realm_bot']) }), 'register');
    const listed = (state.realm_bots as Json[]).find((entry) => entry.user_id === made.user_id) as Json;
    return { id: made.user_id as number, email: listed.email as string, apiKey: made.api_key as string };
  }

  /** A POST as a service makes it: the URL's query, a body of its own, no credentials unless given. */
  function hook(
    name: string,
    query: Record<string, string>,
    body: string | Buffer,
    options: { contentType?: string; basic?: Credentials; headers?: Record<string, string> } = {},
  ): Promise<ApiResponse> {
    const api = new Api(realm.subdomain, options.basic ?? null);
    const search = new URLSearchParams(query).toString();
    return api.request('POST', `external/${name}${search === '' ? '' : `?${search}`}`, {}, {
      headers: { 'content-type': options.contentType ?? 'application/json', ...options.headers },
      body,
    });
  }

  const fromSender = (senderId: number) => (event: Event) => event.type === 'message' && event.message.sender_id === senderId;

  beforeAll(async () => {
    realm = await createTestRealm('integrations');
    alice = await realm.createUser('Alice');
    eve = await realm.createUser('Eve');
    await subscribeTo(alice.api, 'integrations');
    await subscribeTo(alice.api, 'vault', { invite_only: true });
    const channels = ok(await alice.api.get('users/me/subscriptions')).subscriptions as Json[];
    channelId = channels.find((channel) => channel.name === 'integrations')?.stream_id as number;
    hookBot = await incomingBot(alice.api, 'hook');
    eveBot = await incomingBot(eve.api, 'evehook');
    queue = await Queue.register(alice.api, { event_types: ['message'] });
  }, 120_000);

  beforeEach(async () => {
    await queue.drain();
  });

  describe('sending', () => {
    it('posts the payload to a channel named in the URL, as the bot whose key signs it, with Zulip\'s client', async () => {
      const answer = await hook('json', { api_key: hookBot.apiKey, stream: 'integrations' }, '{"b": 1, "10": 2.0}');
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { result: 'success', msg: '' } });
      const [event] = await queue.takeWhere(1, fromSender(hookBot.id));
      expect(event.message).toMatchObject({
        type: 'stream',
        display_recipient: 'integrations',
        subject: 'JSON',
        content: '```json\n{\n  "b": 1,\n  "10": 2.0\n}\n```',
        client: 'ZulipJSONWebhook',
      });
    });

    it('takes the channel by id, and the URL\'s topic over the integration\'s', async () => {
      const answer = await hook('json', { api_key: hookBot.apiKey, stream: String(channelId), topic: 'builds' }, '{}');
      expect(answer.status).toBe(200);
      const [event] = await queue.takeWhere(1, fromSender(hookBot.id));
      expect(event.message).toMatchObject({ stream_id: channelId, subject: 'builds', content: '```json\n{}\n```' });
    });

    it('signs in by HTTP Basic credentials (the bot\'s email and key) as well', async () => {
      const answer = await hook('json', { stream: 'integrations' }, '{"by": "basic"}', { basic: hookBot });
      expect(answer.status).toBe(200);
      const [event] = await queue.takeWhere(1, fromSender(hookBot.id));
      expect(event.message.content).toBe('```json\n{\n  "by": "basic"\n}\n```');
    });

    it('writes to the bot\'s owner as a direct message when the URL names no channel', async () => {
      const answer = await hook('json', { api_key: hookBot.apiKey }, '{"to": "owner"}');
      expect(answer.status).toBe(200);
      const [event] = await queue.takeWhere(1, fromSender(hookBot.id));
      expect(event.message.type).toBe('private');
      expect((event.message.display_recipient as Json[]).map((user) => user.id).sort()).toEqual([alice.userId, hookBot.id].sort());
    });

    it('lets a person post with their own key, naming a channel (they have no owner to write to)', async () => {
      expect((await hook('json', { api_key: alice.apiKey, stream: 'integrations' }, '{}')).status).toBe(200);
      const [event] = await queue.takeWhere(1, fromSender(alice.userId));
      expect(event.message.client).toBe('ZulipJSONWebhook');
      expectError(await hook('json', { api_key: alice.apiKey }, '{}'), "Missing 'stream' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'stream' });
    });

    it('posts nothing to a channel that does not exist, and answers success as Zulip does', async () => {
      for (const stream of ['no such channel', '999999', '99999999999999999999']) {
        const answer = await hook('json', { api_key: hookBot.apiKey, stream }, '{}');
        expect({ stream, status: answer.status, body: answer.body }).toEqual({ stream, status: 200, body: { result: 'success', msg: '' } });
      }
      await sleep(200);
      expect((await queue.drain()).filter(fromSender(hookBot.id))).toEqual([]);
    });

    it('applies only_events and exclude_events to typed events only, refusing malformed lists', async () => {
      // The JSON formatter's outcome has no event type: Zulip never filters it.
      const answer = await hook('json', { api_key: hookBot.apiKey, stream: 'integrations', only_events: '[]', exclude_events: '["*"]' }, '{}');
      expect(answer.status).toBe(200);
      await queue.takeWhere(1, fromSender(hookBot.id));
      expectError(await hook('json', { api_key: hookBot.apiKey, stream: 'integrations', only_events: '[push' }, '{}'), 'only_events is not valid JSON');
      expectError(await hook('json', { api_key: hookBot.apiKey, stream: 'integrations', exclude_events: '"push"' }, '{}'), 'exclude_events is not a list');
      expectError(await hook('json', { api_key: hookBot.apiKey, stream: 'integrations', only_events: '[1]' }, '{}'), 'only_events[0] is not a string');
    });
  });

  describe('credentials and refusals', () => {
    it('refuses a request without credentials, or with a wrong or malformed key', async () => {
      expectError(await hook('json', { stream: 'integrations' }, '{}'), "Missing 'api_key' argument", 'REQUEST_VARIABLE_MISSING', { var_name: 'api_key' });
      for (const [key, msg] of [['a'.repeat(32), 'Invalid API key'], ['short', 'Malformed API key']]) {
        const answer = await hook('json', { api_key: key, stream: 'integrations' }, '{}');
        expect({ status: answer.status, body: answer.body }).toEqual({ status: 401, body: { result: 'error', msg, code: 'UNAUTHORIZED' } });
      }
    });

    it('answers a name no integration has as any unknown path, before reading credentials', async () => {
      const notFound = { status: 404, body: { result: 'error', msg: 'Not found', code: 'BAD_REQUEST' } };
      for (const key of [hookBot.apiKey, 'bad']) {
        const answer = await hook('no_such_integration', { api_key: key, stream: 'integrations' }, '{}');
        expect({ status: answer.status, body: answer.body }).toEqual(notFound);
      }
    });

    it('keeps a user out of a private channel they may not post in, and their bots too', async () => {
      const refusal = "Not authorized to send to channel 'vault'";
      expectError(await hook('json', { api_key: eve.apiKey, stream: 'vault' }, '{}'), refusal);
      expectError(await hook('json', { api_key: eveBot.apiKey, stream: 'vault' }, '{}'), refusal);
      const vault = ok(await alice.api.get('get_stream_id', { stream: 'vault' })).stream_id as number;
      expectError(await hook('json', { api_key: eveBot.apiKey, stream: String(vault) }, '{}'), refusal);
      // The bot of a subscriber posts there (a bot borrows its owner's membership, as in Zulip).
      expect((await hook('json', { api_key: hookBot.apiKey, stream: 'vault' }, '{}')).status).toBe(200);
      const [event] = await queue.takeWhere(1, fromSender(hookBot.id));
      expect(event.message.display_recipient).toBe('vault');
    });

    it('answers a malformed payload 400 in the envelope', async () => {
      const key = { api_key: hookBot.apiKey, stream: 'integrations' };
      expectError(await hook('json', key, '{"truncated": '), 'Malformed JSON', 'INVALID_JSON');
      expectError(await hook('json', key, '[1, 2]'), 'payload is not a dict');
      expectError(await hook('json', key, 'not json', { contentType: 'text/plain' }), 'Malformed JSON', 'INVALID_JSON');
      expectError(await hook('slack_incoming', key, 'text=hi', { contentType: 'application/x-www-form-urlencoded' }), "Missing 'payload' argument");
      expectError(await hook('slack_incoming', key, '{"blocks": [{"type": "carousel"}]}'), 'Invalid payload["blocks"][0]["type"]');
    });

    it('reads a JSON body whatever its content type, as Zulip reads the request body', async () => {
      const answer = await hook('json', { api_key: hookBot.apiKey, stream: 'integrations' }, '{"sent_as": "text/plain"}', { contentType: 'text/plain' });
      expect(answer.status).toBe(200);
      const [event] = await queue.takeWhere(1, fromSender(hookBot.id));
      expect(event.message.content).toBe('```json\n{\n  "sent_as": "text/plain"\n}\n```');
    });

    it('refuses a body over the limit with 413 in the envelope, for every integration, before reading it', async () => {
      const port = new Api(realm.subdomain).port;
      for (const integration of INTEGRATIONS) {
        for (const type of ['application/json', 'application/x-www-form-urlencoded', 'text/plain']) {
          // The server answers from the Content-Length alone and closes: a client still writing would see EPIPE.
          const head =
            `POST /api/v1/external/${integration.name}?api_key=${hookBot.apiKey}&stream=integrations HTTP/1.1\r\n` +
            `Host: ${realm.subdomain}.localhost:${port}\r\nContent-Type: ${type}\r\nContent-Length: ${5 * 1024 * 1024 + 1}\r\n\r\n{"a":`;
          const { text } = await rawExchange(port, head);
          expect({ integration: integration.name, type, status: text.slice(0, 12) }).toEqual({ integration: integration.name, type, status: 'HTTP/1.1 413' });
          const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4)) as Json;
          expect(body).toEqual({ result: 'error', msg: expect.stringMatching(/too large/i), code: 'BAD_REQUEST' });
        }
      }
    });
  });

  describe('the Slack-compatible webhook', () => {
    it('posts a JSON body and answers Slack\'s ok beside the envelope', async () => {
      const body = fs.readFileSync(path.join(SLACK_FIXTURES, 'actions.json'));
      const answer = await hook('slack_incoming', { api_key: hookBot.apiKey, stream: 'integrations' }, body);
      expect({ status: answer.status, body: answer.body }).toEqual({ status: 200, body: { result: 'success', msg: '', ok: true } });
      const [event] = await queue.takeWhere(1, fromSender(hookBot.id));
      expect(event.message).toMatchObject({ subject: 'C1H9RESGL', client: 'ZulipSlackIncomingWebhook' });
      expect(event.message.content).toMatch(/^Danny Torrence left the following \*review\* for your property:\n\n\[Overlook Hotel\]\(https:\/\/google\.com\)/);
    });

    it('posts a form\'s payload field', async () => {
      const body = fs.readFileSync(path.join(SLACK_FIXTURES, 'urlencoded_text.txt'), 'utf8').trim();
      const answer = await hook('slack_incoming', { api_key: hookBot.apiKey, stream: 'integrations' }, body, { contentType: 'application/x-www-form-urlencoded' });
      expect(answer.status).toBe(200);
      const [event] = await queue.takeWhere(1, fromSender(hookBot.id));
      expect(event.message).toMatchObject({ subject: 'devops', content: ':zap: chris has started deploying project tag v0.0.2rc10 to staging' });
    });

    it('carries an outgoing-webhook bot\'s answer, relayed by a Slack-style service, into a channel', async () => {
      // A service of the kind written for Slack: it receives the outgoing bot's Slack-format
      // form, and answers through the Slack incoming-webhook URL.
      const relayed: string[] = [];
      const relayFailures: string[] = [];
      const relay = http.createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () => {
          const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
          relayed.push(form.get('text') ?? '');
          response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
          const text = `pong to _${form.get('user_name') ?? ''}_`;
          hook('slack_incoming', { api_key: hookBot.apiKey, stream: 'integrations' }, JSON.stringify({ text, channel: '#replies' }))
            .then((answer) => (answer.status === 200 ? undefined : relayFailures.push(JSON.stringify(answer.body))))
            .catch((error: unknown) => relayFailures.push(String(error)));
        });
      });
      await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
      try {
        const url = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/slack`;
        ok(await alice.api.post('bots', { short_name: 'relay', full_name: 'Relay', bot_type: 3, payload_url: JSON.stringify(url), interface_type: 2 }), 'POST /bots');
        ok(await alice.api.post('messages', { type: 'stream', to: 'integrations', topic: 'chat', content: '@**Relay** ping' }), 'send');
        const [event] = await queue.takeWhere(1, fromSender(hookBot.id), 20_000);
        expect(relayed).toEqual(['@**Relay** ping']);
        expect(relayFailures).toEqual([]);
        expect(event.message).toMatchObject({ display_recipient: 'integrations', subject: 'replies', content: 'pong to *Alice*' });
      } finally {
        relay.closeAllConnections();
        await new Promise<void>((resolve) => relay.close(() => resolve()));
      }
    });
  });

  describe('a provider with event types (GitHub)', () => {
    const target = () => ({ api_key: hookBot.apiKey, stream: 'integrations' });
    const github = (event: string, fixture: string, query: Record<string, string> = {}) =>
      hook('github', { ...target(), ...query }, githubFixture(fixture), { headers: { 'x-github-event': event } });
    const SUCCESS = { status: 200, body: { result: 'success', msg: '' } };

    /**
     * Nothing was posted by the requests before: the bot's next message is a marker sent
     * after them (the events of one sender's messages arrive in the order they were sent).
     */
    async function expectNothingPostedBefore(what: string): Promise<void> {
      expect((await hook('json', target(), JSON.stringify({ marker: what }))).status).toBe(200);
      const [event] = await queue.takeWhere(1, fromSender(hookBot.id));
      expect({ what, content: event.message.content }).toEqual({ what, content: `\`\`\`json\n{\n  "marker": "${what}"\n}\n\`\`\`` });
    }

    it('posts a push with Zulip\'s topic and content, from the GitHub client', async () => {
      const answer = await github('push', 'push__1_commit');
      expect({ status: answer.status, body: answer.body }).toEqual(SUCCESS);
      const [event] = await queue.takeWhere(1, fromSender(hookBot.id));
      expect(event.message).toMatchObject({ display_recipient: 'integrations', ...PUSH_1_COMMIT, client: 'ZulipGitHubWebhook' });
    });

    it('answers an event it does not support with Zulip\'s 200 UNSUPPORTED_WEBHOOK_EVENT_TYPE, and posts nothing', async () => {
      const answer = await hook('github', target(), '{"action": "completed"}', { headers: { 'x-github-event': 'workflow_run' } });
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 200,
        body: {
          result: 'success',
          msg: "The 'workflow_run:completed' event isn't currently supported by the GitHub webhook; ignoring",
          code: 'UNSUPPORTED_WEBHOOK_EVENT_TYPE',
          webhook_name: 'GitHub',
          event_type: 'workflow_run:completed',
        },
      });
      await expectNothingPostedBefore('unsupported');
    });

    it('answers a missing event header 400 MISSING_HTTP_EVENT_HEADER, naming the header, as Zulip does', async () => {
      const answer = await hook('github', target(), githubFixture('push__1_commit'));
      expect({ status: answer.status, body: answer.body }).toEqual({
        status: 400,
        body: { result: 'error', msg: "Missing the HTTP event header 'X-GitHub-Event'", code: 'MISSING_HTTP_EVENT_HEADER', header: 'X-GitHub-Event' },
      });
      const gitlab = await hook('gitlab', target(), '{"object_kind": "push"}');
      expect({ status: gitlab.status, body: gitlab.body }).toEqual({
        status: 400,
        body: { result: 'error', msg: "Missing the HTTP event header 'X-GitLab-Event'", code: 'MISSING_HTTP_EVENT_HEADER', header: 'X-GitLab-Event' },
      });
      await expectNothingPostedBefore('no header');
    });

    it('passes only the events only_events names: a push posts, an issue is answered success and dropped', async () => {
      // GitHub's event types are Zulip's: a push of commits is `push_commits`, an issue event `issues`.
      const only = { only_events: '["push_commits"]' };
      const issue = await github('issues', 'issues', only);
      expect({ status: issue.status, body: issue.body }).toEqual(SUCCESS);
      await expectNothingPostedBefore('only_events');
      expect((await github('push', 'push__1_commit', only)).status).toBe(200);
      const [event] = await queue.takeWhere(1, fromSender(hookBot.id));
      expect(event.message).toMatchObject(PUSH_1_COMMIT);
    });

    it('drops the events an exclude_events pattern matches, and posts the others', async () => {
      const exclude = { exclude_events: '["pu?h*", "*_pull_request"]' };
      const push = await github('push', 'push__1_commit', exclude);
      expect({ status: push.status, body: push.body }).toEqual(SUCCESS);
      await expectNothingPostedBefore('exclude_events');
      expect((await github('issues', 'issues', exclude)).status).toBe(200);
      const [event] = await queue.takeWhere(1, fromSender(hookBot.id));
      expect(event.message).toMatchObject({ subject: 'public-repo / issue #2 Spelling error in the README file' });
      expect(event.message.content).toMatch(/^baxterthehacker opened \[issue #2\]\(https:\/\/github\.com\/baxterthehacker\/public-repo\/issues\/2\):/);
    });

    it('posts a push only to a branch the branches option names', async () => {
      const elsewhere = await github('push', 'push__1_commit', { branches: 'master,development' });
      expect({ status: elsewhere.status, body: elsewhere.body }).toEqual(SUCCESS);
      await expectNothingPostedBefore('branches');
      expect((await github('push', 'push__1_commit', { branches: 'master,changes' })).status).toBe(200);
      const [event] = await queue.takeWhere(1, fromSender(hookBot.id));
      expect(event.message).toMatchObject(PUSH_1_COMMIT);
    });
  });

  it('names a Jira assignee by the realm user whose email matches', async () => {
    const body = jiraFixture('commented_v1');
    body.issue.fields.assignee.emailAddress = alice.email;
    const answer = await hook('jira', { api_key: hookBot.apiKey, stream: 'integrations' }, JSON.stringify(body));
    expect(answer.status).toBe(200);
    const [event] = await queue.takeWhere(1, fromSender(hookBot.id));
    expect(event.message).toMatchObject({ subject: 'BUG-15: New bug with hook', client: 'ZulipJiraWebhook' });
    expect(event.message.content).toMatch(/^Leo Franchi commented on \[BUG-15: New bug with hook\]\(http:\/\/lfranchi\.com:8080\/browse\/BUG-15\) \(assigned to \*\*Alice\*\*\):/);
  });

  it('lists every registered integration in register\'s realm_incoming_webhook_bots, by name', async () => {
    const state = ok(await alice.api.post('register', { fetch_event_types: JSON.stringify(['realm_incoming_webhook_bots']) }));
    const listed = state.realm_incoming_webhook_bots as Json[];
    expect(listed.map((entry) => entry.name)).toEqual(INTEGRATIONS.map((integration) => integration.name).sort());
    expect(listed).toEqual(expect.arrayContaining([
      { name: 'json', display_name: 'JSON formatter', all_event_types: null, config_options: [] },
      { name: 'slack_incoming', display_name: 'Slack-compatible webhook', all_event_types: null, config_options: [] },
    ]));

    // The Git forges, as Zulip 10.2's integrations.py declares them: its config options (the
    // URL parameters its "Generate URL" form offers; `branches` has a form of its own, hence no
    // label) and its view's event types. GitLab's `use_merge_request_title` is not among them.
    const named = (name: string): Json => {
      const entry = listed.find((candidate) => candidate.name === name);
      if (entry === undefined) throw new Error(`register lists no ${name}`);
      return entry;
    };
    const { all_event_types: githubEvents, ...github } = named('github');
    expect(github).toEqual({
      name: 'github',
      display_name: 'GitHub',
      config_options: [
        { key: 'branches', label: '', validator: 'check_string' },
        { key: 'ignore_private_repositories', label: 'Exclude notifications from private repositories', validator: 'check_bool' },
      ],
    });
    expect(githubEvents).toEqual(expect.arrayContaining([
      'push_commits', 'push_tags', 'opened_pull_request', 'closed_pull_request', 'issues', 'issue_comment', 'check_run', 'tier_changed',
    ]));
    expect(githubEvents).not.toContain('push');
    const { all_event_types: gitlabEvents, ...gitlab } = named('gitlab');
    expect(gitlab).toEqual({
      name: 'gitlab',
      display_name: 'GitLab',
      config_options: [{ key: 'branches', label: '', validator: 'check_string' }],
    });
    expect(gitlabEvents).toEqual(expect.arrayContaining([
      'Push Hook', 'Tag Push Hook', 'Merge Request Hook open', 'Merge Request Hook merge', 'Note Hook Issue', 'Pipeline Hook', 'Release Hook',
    ]));
    // GitHub Sponsors shares GitHub's view, but register lists its sponsorship events alone.
    expect(named('githubsponsors')).toEqual({
      name: 'githubsponsors',
      display_name: 'GitHub Sponsors',
      all_event_types: ['cancelled', 'created', 'edited', 'pending_cancellation', 'pending_tier_change', 'tier_changed'],
      config_options: [],
    });
  });

  describe('fuzzing every registered integration', () => {
    const EVENT_HEADERS = ['x-github-event', 'x-gitlab-event', 'x-event-key', 'x-pagerduty-signature', 'x-grafana-alerting-signature', 'sentry-hook-resource'];

    /** Any answer below 500, in the envelope; a 200 a success (a post, or Zulip's unsupported-event answer). */
    function expectHandled(what: string, answer: ApiResponse): void {
      expect({ what, below500: answer.status < 500, result: typeof answer.body.result }).toEqual({ what, below500: true, result: 'string' });
      if (answer.status === 200) expect({ what, result: answer.body.result }).toEqual({ what, result: 'success' });
      else expect({ what, status: answer.status, result: answer.body.result }).toEqual({ what, status: answer.status, result: 'error' });
    }

    const target = () => ({ api_key: hookBot.apiKey, stream: 'integrations' });
    const eventHeader = fc.option(fc.tuple(fc.constantFrom(...EVENT_HEADERS), fc.oneof(fc.constantFrom('push', 'issues', 'ping', 'x'), fc.string({ maxLength: 20 }))));

    it.each(INTEGRATIONS.map((integration) => integration.name))('%s: truncated, wrong-typed and huge payloads', async (name) => {
      const post = (body: string | Buffer, header: [string, string] | null, contentType = 'application/json') => {
        const api = new Api(realm.subdomain, null);
        const headers: Record<string, string> = { 'content-type': contentType };
        if (header !== null) headers[header[0]] = header[1].replace(/[^\x20-\x7e]/g, '');
        return api.request('POST', `external/${name}?${new URLSearchParams(target())}`, {}, { headers, body });
      };

      // Truncated JSON: a prefix of a payload that is not JSON itself is refused 400.
      await fc.assert(
        fc.asyncProperty(fc.json({ maxDepth: 4 }), fc.nat(), eventHeader, async (text, cut, header) => {
          const prefix = text.slice(0, cut % Math.max(text.length, 1));
          const answer = await post(prefix, header);
          expectHandled(`${name} truncated ${JSON.stringify(prefix)}`, answer);
          let parses = true;
          try {
            JSON.parse(prefix);
          } catch {
            parses = false;
          }
          if (!parses) expect({ prefix, status: answer.status }).toEqual({ prefix, status: 400 });
        }),
        { seed: 2026, numRuns: 25 },
      );

      // Wrong-typed: any JSON value, nested objects of any shape, the same as a form.
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 5 }), eventHeader, fc.boolean(), async (value, header, asForm) => {
          const text = JSON.stringify(value) ?? 'null';
          const answer = asForm
            ? await post(new URLSearchParams({ payload: text }).toString(), header, 'application/x-www-form-urlencoded')
            : await post(text, header);
          expectHandled(`${name} ${asForm ? 'form' : 'json'} ${text.slice(0, 200)}`, answer);
        }),
        { seed: 2027, numRuns: 40 },
      );

      // Huge and deep: long strings, many keys, deep nesting, long lists (over the body limit: above).
      const huge: Array<[string, string]> = [
        ['a long string', JSON.stringify({ text: 'x'.repeat(1_000_000), action: 'opened', object_kind: 'push' })],
        ['many keys', JSON.stringify(Object.fromEntries(Array.from({ length: 900 }, (_, i) => [`k${i}`, i])))],
        ['deep nesting', `${'{"a":'.repeat(60)}1${'}'.repeat(60)}`],
        ['a long list', JSON.stringify({ commits: Array.from({ length: 20_000 }, () => ({})) })],
        ['just under the limit', JSON.stringify({ blob: 'y'.repeat(5 * 1024 * 1024 - 100) })],
      ];
      for (const [what, body] of huge) expectHandled(`${name} ${what}`, await post(body, null));
    }, 300_000);
  });
});
