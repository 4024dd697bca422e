import { IncomingWebhookCall, IncomingWebhookIntegration, IncomingWebhookOutcome, MissingWebhookEventHeader } from '../../integration';
import { jsonBoolParam } from '../shared/url-params';
import { WildValue } from '../shared/wild-value';
import { GITLAB_EVENT_TYPES, GITLAB_FORMATTERS, gitlabEventName, gitlabTopic } from './events';
import { projectHomepage, repoName } from './fields';

/**
 * GitLab's project, group and system hooks (`/api/v1/external/gitlab`): the event is the
 * `X-GitLab-Event` header, refined by the payload.
 */
function handleGitLab(call: IncomingWebhookCall): IncomingWebhookOutcome {
  const useMergeRequestTitle = jsonBoolParam(call.params, 'use_merge_request_title', true);
  const header = call.headers['x-gitlab-event'];
  if (header === undefined) throw new MissingWebhookEventHeader('X-GitLab-Event');
  const payload = WildValue.request(call.body);

  const name = gitlabEventName(header, payload, call.params.branches);
  if ('ignored' in name) return { kind: 'ignored' };
  if ('unsupported' in name) return { kind: 'unsupported', eventType: name.unsupported };

  const userTopic = call.params.topic;
  let content = GITLAB_FORMATTERS[name.event]({ payload, includeTitle: userTopic !== undefined });
  // In a topic of the user's choosing, several projects may meet: the message names its own.
  if (userTopic) content = `[[${repoName(payload)}](${projectHomepage(payload)})] ${content}`;
  const topic = gitlabTopic(name.event, payload, useMergeRequestTitle);
  return { kind: 'messages', eventType: name.event, messages: [{ topic, content }] };
}

export const gitlabIntegration: IncomingWebhookIntegration = {
  name: 'gitlab',
  displayName: 'GitLab',
  allEventTypes: GITLAB_EVENT_TYPES,
  configOptions: [{ key: 'branches', label: '', validator: 'check_string' }],
  handle: handleGitLab,
};
