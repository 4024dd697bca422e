/**
 * Jira (`/api/v1/external/jira`), as Zulip 10.2 formats it: issues created, deleted and
 * updated (reassigned, commented, transitioned, fields changed) and the newer comment
 * events, each under the topic `KEY: title`. The event is the body's `webhookEvent`.
 */
import {
  IncomingWebhookCall,
  IncomingWebhookIntegration,
  IncomingWebhookOutcome,
  MalformedWebhookPayload,
  WebhookRealmUser,
} from '../../integration';
import { postedMessages, truncateTopic } from '../shared/posted-messages';
import { WildValue } from '../shared/wild-value';
import { commentCreatedContent, commentDeletedContent, commentUpdatedContent } from './comment-events';
import { issueTopic } from './issue';
import { issueCreatedContent, issueDeletedContent, issueUpdatedContent } from './issue-events';

/** Events Jira may send that Zulip accepts and posts nothing for. */
export const JIRA_IGNORED_EVENTS: readonly string[] = [
  'attachment_created',
  'issuelink_created',
  'issuelink_deleted',
  'jira:version_released',
  'jira:worklog_updated',
  'sprint_closed',
  'sprint_started',
  'worklog_created',
  'worklog_updated',
];

type ContentOf = (payload: WildValue, users: readonly WebhookRealmUser[]) => string;

const CONTENT_BY_EVENT: ReadonlyMap<string, ContentOf> = new Map<string, ContentOf>([
  ['jira:issue_created', issueCreatedContent],
  ['jira:issue_deleted', issueDeletedContent],
  ['jira:issue_updated', issueUpdatedContent],
  ['comment_created', commentCreatedContent],
  ['comment_updated', commentUpdatedContent],
  ['comment_deleted', commentDeletedContent],
]);

/** The event a payload names; very old Jira sends transitions without `webhookEvent`. */
function eventOf(payload: WildValue): string | null {
  const event = payload.get('webhookEvent').noneOrString();
  if (event === null && payload.get('transition').truthy) return 'jira:issue_updated';
  return event;
}

export function handleJira(call: IncomingWebhookCall): IncomingWebhookOutcome {
  const payload = WildValue.payload(call.body);
  const event = eventOf(payload);
  if (event !== null && JIRA_IGNORED_EVENTS.includes(event)) return { kind: 'ignored' };
  if (event === null) throw new MalformedWebhookPayload('Unable to parse request: Did Jira generate this event?');
  const contentOf = CONTENT_BY_EVENT.get(event);
  if (contentOf === undefined) return { kind: 'unsupported', eventType: event };
  const topic = issueTopic(payload);
  const content = contentOf(payload, call.realmUsers ?? []);
  return postedMessages([{ topic: truncateTopic(topic), content, eventType: event }]);
}

export const jiraIntegration: IncomingWebhookIntegration = {
  name: 'jira',
  displayName: 'Jira',
  allEventTypes: Array.from(CONTENT_BY_EVENT.keys()),
  configOptions: [],
  needsRealmUsers: true,
  unquotesUrlParameters: true,
  handle: handleJira,
};
