import { readFileSync } from 'fs';
import { join } from 'path';
import { normalizeContent, normalizeTopic } from '../../../../shared/message-content';
import { IncomingWebhookCall, IncomingWebhookOutcome, MalformedWebhookPayload } from '../../integration';
import { gitlabIntegration } from '.';

/** One test of Zulip's zerver/webhooks/gitlab/tests.py (see fixtures/NOTICE). */
interface ZulipCase {
  test: string;
  fixture: string;
  headers: Record<string, string>;
  params: Record<string, string>;
  ignored?: boolean;
  topic?: string;
  content?: string;
}


function fixture(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8')) as Record<string, unknown>;
}

const cases = (JSON.parse(readFileSync(join(__dirname, 'fixtures', 'zulip-tests.json'), 'utf8')) as { cases: ZulipCase[] }).cases;

function call(body: unknown, event: string | undefined, params: Record<string, string> = {}): IncomingWebhookCall {
  return { body, headers: event === undefined ? {} : { 'x-gitlab-event': event }, params };
}

/** The message as stored: the `topic` URL parameter wins, and both parts are normalized. */
function stored(outcome: IncomingWebhookOutcome, params: Record<string, string | undefined>): { topic: string; content: string } {
  if (outcome.kind !== 'messages' || outcome.messages.length !== 1) throw new Error(`expected one message, got ${JSON.stringify(outcome)}`);
  const { topic, content } = outcome.messages[0];
  return { topic: normalizeTopic(params.topic ?? topic), content: normalizeContent(content) };
}


describe('GitLab, against the expectations of Zulip 10.2 tests.py', () => {
  it.each(cases.map((c) => [c.test, c] as const))('%s', (_test, c) => {
    const outcome = gitlabIntegration.handle({ body: fixture(c.fixture), headers: c.headers, params: c.params });
    if (c.ignored) expect(outcome).toEqual({ kind: 'ignored' });
    else expect(stored(outcome, c.params)).toEqual({ topic: c.topic, content: c.content });
  });
});

describe('GitLab event names', () => {
  it('appends the action or the commented item to the header', () => {
    expect(gitlabIntegration.handle(call(fixture('merge_request_hook__merge_request_merged'), 'Merge Request Hook'))).toMatchObject({
      eventType: 'Merge Request Hook merge',
    });
    expect(gitlabIntegration.handle(call(fixture('note_hook__commit_note'), 'Note Hook'))).toMatchObject({ eventType: 'Note Hook Commit' });
    expect(gitlabIntegration.handle(call(fixture('system_hook__push_hook'), 'System Hook'))).toMatchObject({ eventType: 'Push Hook' });
    expect(gitlabIntegration.allEventTypes).toHaveLength(29);
    expect(gitlabIntegration.allEventTypes).toContain('Pipeline Hook');
  });

  it('says which event it does not support', () => {
    expect(gitlabIntegration.handle(call({}, 'Deployment Hook'))).toEqual({ kind: 'unsupported', eventType: 'Deployment Hook' });
    const design = { object_attributes: { noteable_type: 'DesignManagement::Design' } };
    expect(gitlabIntegration.handle(call(design, 'Note Hook'))).toEqual({ kind: 'unsupported', eventType: 'Note Hook DesignManagement::Design' });
    const approval = { object_attributes: { action: 'approval' } };
    expect(gitlabIntegration.handle(call(approval, 'Merge Request Hook'))).toEqual({ kind: 'unsupported', eventType: 'Merge Request Hook approval' });
    expect(gitlabIntegration.handle(call({ object_kind: 'repository_update' }, 'System Hook'))).toEqual({
      kind: 'unsupported',
      eventType: 'Repository Update Hook',
    });
  });

  it('offers the branches filter as configuration', () => {
    expect(gitlabIntegration.configOptions).toEqual([{ key: 'branches', label: '', validator: 'check_string' }]);
  });

  it('filters pushes by branch, not tags', () => {
    expect(gitlabIntegration.handle(call(fixture('push_hook'), 'Push Hook', { branches: 'main' }))).toEqual({ kind: 'ignored' });
    const tag = gitlabIntegration.handle(call(fixture('tag_push_hook__add_tag'), 'Tag Push Hook', { branches: 'main' }));
    expect(stored(tag, {}).content).toBe('Tomasz Kolek pushed tag xyz.');
  });

  it('names the item but adds no project link for an empty topic parameter', () => {
    const outcome = gitlabIntegration.handle(call(fixture('issue_hook__issue_updated'), 'Issue Hook', { topic: '' }));
    expect(outcome).toMatchObject({
      messages: [{ content: 'Tomasz Kolek updated [issue #1 Issue title_new](https://gitlab.com/tomaszkolek0/my-awesome-project/issues/1).' }],
    });
  });
});

describe('GitLab malformed payloads', () => {
  const malformed: [string, IncomingWebhookCall, string][] = [
    ['a missing event header', call({}, undefined), "Missing the HTTP event header 'X-GitLab-Event'"],
    ['a body that is no object', call('push', 'Issue Hook'), 'request is not a dict'],
    ['a missing key', call({ object_attributes: {} }, 'Issue Hook'), "request['user'] is missing"],
    ['an action of the wrong type', call({ object_attributes: { action: 3 } }, 'Issue Hook'), "request['object_attributes']['action'] is not a string"],
    ['an id that is no integer', call({ ...fixture('pipeline_hook__pipeline_pending'), builds: [{ id: 'x' }] }, 'Pipeline Hook'), "request['builds'][0]['id'] is not an integer"],
    ['a null artifact', call({ ...fixture('pipeline_hook__pipeline_pending'), builds: [{ id: 1, artifacts_file: null }] }, 'Pipeline Hook'), "request['builds'][0]['artifacts_file'] is not a dict"],
    ['an option that is no boolean', call({}, 'Push Hook', { use_merge_request_title: '"no"' }), 'use_merge_request_title is not a boolean'],
  ];

  it.each(malformed)('throws MalformedWebhookPayload for %s', (_name, bad, message) => {
    expect(() => gitlabIntegration.handle(bad)).toThrow(MalformedWebhookPayload);
    expect(() => gitlabIntegration.handle(bad)).toThrow(new Error(message));
  });
});
