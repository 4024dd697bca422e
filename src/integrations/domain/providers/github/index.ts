import { IncomingWebhookCall, IncomingWebhookIntegration, IncomingWebhookOutcome, MissingWebhookEventHeader } from '../../integration';
import { jsonBoolParam } from '../shared/url-params';
import { WildValue } from '../shared/wild-value';
import { GITHUB_EVENT_TYPES, GITHUB_FORMATTERS, GITHUB_SPONSORS_EVENT_TYPES, githubEventName, githubTopic } from './events';

/**
 * GitHub's repository and organization webhooks (`/api/v1/external/github`), and GitHub
 * Sponsors' (`githubsponsors`), which Zulip serves with the same formatter: the event is the
 * `X-GitHub-Event` header, refined by the payload's action.
 */
function handleGitHub(call: IncomingWebhookCall): IncomingWebhookOutcome {
  const ignorePrivate = jsonBoolParam(call.params, 'ignore_private_repositories', false);
  const header = call.headers['x-github-event'];
  if (header === undefined) throw new MissingWebhookEventHeader('X-GitHub-Event');
  const payload = WildValue.request(call.body);

  // Zulip reads `private` whether or not the option is set, so a repository without it is malformed.
  if (payload.has('repository') && payload.at('repository').at('private').bool() && ignorePrivate) {
    return { kind: 'ignored' };
  }
  if (isUnchangedCommentEdit(header, payload)) return { kind: 'ignored' };

  const name = githubEventName(header, payload, call.params.branches);
  if ('ignored' in name) return { kind: 'ignored' };
  if ('unsupported' in name) return { kind: 'unsupported', eventType: name.unsupported };

  const topic = githubTopic(payload, name.event);
  // With a `topic` URL parameter every message lands in one topic, so it names its item.
  const content = GITHUB_FORMATTERS[name.event]({ payload, includeTitle: call.params.topic !== undefined });
  return { kind: 'messages', eventType: name.event, messages: [{ topic, content }] };
}

/** A comment "edited" without a change to its body (discussion comments excepted). */
function isUnchangedCommentEdit(header: string, payload: WildValue): boolean {
  return (
    header.includes('comment') &&
    !header.includes('discussion') &&
    payload.get('action', '').string() === 'edited' &&
    payload.at('changes').at('body').at('from').string() === payload.at('comment').at('body').string()
  );
}

export const githubIntegration: IncomingWebhookIntegration = {
  name: 'github',
  displayName: 'GitHub',
  allEventTypes: GITHUB_EVENT_TYPES,
  configOptions: [
    { key: 'branches', label: '', validator: 'check_string' },
    { key: 'ignore_private_repositories', label: 'Exclude notifications from private repositories', validator: 'check_bool' },
  ],
  handle: handleGitHub,
};

export const githubSponsorsIntegration: IncomingWebhookIntegration = {
  name: 'githubsponsors',
  displayName: 'GitHub Sponsors',
  // Served by Zulip's GitHub view: its client and answers say GitHub.
  webhookName: 'GitHub',
  // Zulip's register lists only the sponsorship events for it (get_all_event_types_for_integration's
  // special case), though the shared view posts, and filters, every GitHub event.
  allEventTypes: GITHUB_SPONSORS_EVENT_TYPES,
  configOptions: [],
  handle: handleGitHub,
};
