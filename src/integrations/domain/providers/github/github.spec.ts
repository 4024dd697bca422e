import { readFileSync } from 'fs';
import { join } from 'path';
import { normalizeContent, normalizeTopic } from '../../../../shared/message-content';
import { IncomingWebhookCall, IncomingWebhookOutcome, MalformedWebhookPayload } from '../../integration';
import { githubIntegration, githubSponsorsIntegration } from '.';

/** One test of Zulip's zerver/webhooks/github/tests.py (see fixtures/NOTICE). */
interface ZulipCase {
  test: string;
  integration?: string;
  fixture?: string;
  body?: unknown;
  headers: Record<string, string>;
  params: Record<string, string>;
  ignored?: boolean;
  topic?: string;
  content?: string;
}


function fixture(name: string): unknown {
  return JSON.parse(readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8'));
}

const cases = (JSON.parse(readFileSync(join(__dirname, 'fixtures', 'zulip-tests.json'), 'utf8')) as { cases: ZulipCase[] }).cases;

function call(body: unknown, event: string | undefined, params: Record<string, string> = {}): IncomingWebhookCall {
  return { body, headers: event === undefined ? {} : { 'x-github-event': event }, params };
}

/**
 * The one message an outcome posts, as the sending path stores it: a `topic` URL parameter
 * replaces the integration's topic, and both are normalized (a long topic is truncated).
 */
function posted(outcome: IncomingWebhookOutcome, params: Record<string, string | undefined>): { topic: string; content: string } {
  if (outcome.kind !== 'messages') throw new Error(`expected a message, got ${JSON.stringify(outcome)}`);
  expect(outcome.messages).toHaveLength(1);
  const [message] = outcome.messages;
  return { topic: normalizeTopic(params.topic ?? message.topic), content: normalizeContent(message.content) };
}

describe('GitHub, against the expectations of Zulip 10.2 tests.py', () => {
  it.each(cases.map((c) => [c.test, c] as const))('%s', (_test, c) => {
    const integration = c.integration === 'githubsponsors' ? githubSponsorsIntegration : githubIntegration;
    const body = c.fixture === undefined ? c.body : fixture(c.fixture);
    const outcome = integration.handle({ body, headers: c.headers, params: c.params });
    if (c.ignored) expect(outcome).toEqual({ kind: 'ignored' });
    else expect(posted(outcome, c.params)).toEqual({ topic: c.topic, content: c.content });
  });

  it('test_team_edited_with_unsupported_keys: posts the changed keys', () => {
    const body = { action: 'edited', changes: { bogus_key1: {}, bogus_key2: {} }, team: { name: 'My Team' } };
    const outcome = githubIntegration.handle(call(body, 'team'));
    expect(posted(outcome, {})).toEqual({ topic: 'team My Team', content: 'Team has changes to `bogus_key1/bogus_key2` data.' });
  });
});

describe('GitHub event names', () => {
  it('names the event as only_events and exclude_events match it', () => {
    const outcome = githubIntegration.handle(call(fixture('pull_request__opened'), 'pull_request'));
    expect(outcome).toMatchObject({ kind: 'messages', eventType: 'opened_pull_request' });
    expect(githubIntegration.allEventTypes).toContain('opened_pull_request');
    expect(githubIntegration.allEventTypes).toHaveLength(46);
  });

  it('says which event it does not support: the header and the action', () => {
    expect(githubIntegration.handle(call({ action: 'completed' }, 'workflow_run'))).toEqual({
      kind: 'unsupported',
      eventType: 'workflow_run:completed',
    });
    expect(githubIntegration.handle(call({}, 'workflow_job'))).toEqual({ kind: 'unsupported', eventType: 'workflow_job:???' });
    expect(githubIntegration.handle(call({ action: 'dequeued' }, 'pull_request'))).toEqual({
      kind: 'unsupported',
      eventType: 'pull_request:dequeued',
    });
    expect(githubIntegration.handle(call({ action: 'archived' }, 'team'))).toEqual({
      kind: 'unsupported',
      eventType: 'unsupported team action archived',
    });
  });

  it('offers branches and ignore_private_repositories as configuration, as Zulip 10.2\'s integrations.py', () => {
    expect(githubIntegration.configOptions).toEqual([
      { key: 'branches', label: '', validator: 'check_string' },
      { key: 'ignore_private_repositories', label: 'Exclude notifications from private repositories', validator: 'check_bool' },
    ]);
    expect(githubSponsorsIntegration.configOptions).toEqual([]);
  });

  it('lists the sponsorship events alone as GitHub Sponsors\' event types, and still posts any GitHub event', () => {
    expect(githubSponsorsIntegration.allEventTypes).toEqual(['cancelled', 'created', 'edited', 'pending_cancellation', 'pending_tier_change', 'tier_changed']);
    expect(githubIntegration.allEventTypes).toEqual(expect.arrayContaining(['push_commits', 'cancelled', 'tier_changed']));
    expect(githubSponsorsIntegration.handle(call(fixture('push__1_commit'), 'push')).kind).toBe('messages');
  });
});

describe('GitHub filters', () => {
  it('posts a private repository when the option is off, and skips it when on', () => {
    const body = fixture('push__1_commit_private_repository');
    expect(githubIntegration.handle(call(body, 'push')).kind).toBe('messages');
    expect(githubIntegration.handle(call(body, 'push', { ignore_private_repositories: 'false' })).kind).toBe('messages');
    expect(githubIntegration.handle(call(body, 'push', { ignore_private_repositories: 'true' }))).toEqual({ kind: 'ignored' });
  });

  it('trims the names of the branches filter', () => {
    const body = fixture('push__1_commit');
    expect(githubIntegration.handle(call(body, 'push', { branches: 'master, changes' })).kind).toBe('messages');
    expect(githubIntegration.handle(call(body, 'push', { branches: '' }))).toEqual({ kind: 'ignored' });
  });

  it('does not filter tags by branch', () => {
    const outcome = githubIntegration.handle(call(fixture('push__tag'), 'push', { branches: 'master' }));
    expect(posted(outcome, {}).content).toBe('baxterthehacker pushed tag abc.');
  });
});

describe('GitHub malformed payloads', () => {
  const repository = { name: 'public-repo', full_name: 'o/public-repo', html_url: 'https://github.com/o/public-repo', private: false };
  const malformed: [string, IncomingWebhookCall, string][] = [
    ['a missing event header', call({}, undefined), "Missing the HTTP event header 'X-GitHub-Event'"],
    ['a body that is no object', call([1, 2], 'push'), 'request is not a dict'],
    ['a missing key', call({ ref: 'refs/heads/main', repository }, 'push'), "request['commits'] is missing"],
    ['a number as a string', call({ action: 'closed', repository, pull_request: { number: '1' } }, 'pull_request'), "request['pull_request']['number'] is not an integer"],
    ['a null where an object is read', call({ action: 'opened', repository, pull_request: null }, 'pull_request'), "request['pull_request'] is not a dict"],
    ['a private flag of the wrong type', call({ repository: { private: 'yes' } }, 'star'), "request['repository']['private'] is not a boolean"],
    ['a list that is no list', call({ ...(fixture('push__1_commit') as object), commits: {} }, 'push'), "request['commits'] is not a list"],
    ['an option that is no JSON', call({}, 'ping', { ignore_private_repositories: 'yes' }), 'ignore_private_repositories is not valid JSON'],
    ['an option that is no boolean', call({}, 'ping', { ignore_private_repositories: '"yes"' }), 'ignore_private_repositories is not a boolean'],
  ];

  it.each(malformed)('throws MalformedWebhookPayload for %s', (_name, bad, message) => {
    expect(() => githubIntegration.handle(bad)).toThrow(MalformedWebhookPayload);
    expect(() => githubIntegration.handle(bad)).toThrow(new Error(message));
  });
});

