/** Jira's `jira:issue_created`, `jira:issue_deleted` and `jira:issue_updated` events. */
import { MalformedWebhookPayload, WebhookRealmUser } from '../../integration';
import { pythonStr } from '../shared/python-str';
import type { WildValue } from '../shared/wild-value';
import { convertJiraMarkup } from './markup';
import { assigneeMention, eventAuthor, issueLink, issueTitle, stringAt } from './issue';

export function issueCreatedContent(payload: WildValue): string {
  const priority = stringAt(payload, ['issue', 'fields', 'priority', 'name']);
  const assignee = stringAt(payload, ['issue', 'fields', 'assignee', 'displayName'], 'no one');
  return `${eventAuthor(payload)} created ${issueLink(payload)}:\n\n* **Priority**: ${priority}\n* **Assignee**: ${assignee}`;
}

const PUNCTUATION = new Set(Array.from('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~'));

export function issueDeletedContent(payload: WildValue): string {
  const title = issueTitle(payload);
  if (title === '') throw new MalformedWebhookPayload('issue.fields.summary is empty');
  const period = PUNCTUATION.has(title.slice(-1)) ? '' : '.';
  return `${eventAuthor(payload)} deleted ${issueLink(payload)}${period}`;
}

/** What an update event did: Jira's `issue_event_type_name`, or guessed from the payload. */
function updateKind(payload: WildValue): string {
  if (payload.has('issue_event_type_name')) {
    const named = payload.at('issue_event_type_name').string();
    if (named !== '') return named;
  }
  if (payload.get('comment').truthy) return 'issue_commented';
  if (payload.get('transition').truthy) return 'issue_transited';
  return '';
}

function changeLine(field: string | null, from: string | null, to: string): string {
  return `* Changed ${pythonStr(field)}${from ? ` from **${from}**` : ''}${to ? ` to ${to}\n` : ''}`;
}

function commentVerb(kind: string): string {
  if (kind === 'issue_commented') return 'commented on';
  if (kind === 'issue_comment_edited') return 'edited a comment on';
  return 'deleted a comment from';
}

function commentedContent(payload: WildValue, kind: string, issue: string, blurb: string, users: readonly WebhookRealmUser[]): string {
  const webhookEvent = payload.get('webhookEvent').noneOrString();
  const author =
    webhookEvent === 'comment_created' ? stringAt(payload, ['comment', 'author', 'displayName']) : eventAuthor(payload);
  const content = `${author} ${commentVerb(kind)} ${issue}${blurb}`;
  const comment = stringAt(payload, ['comment', 'body']);
  if (comment === '') return `${content}.`;
  return `${content}:\n\n\`\`\` quote\n${convertJiraMarkup(comment, users)}\n\`\`\``;
}

function changelogLines(changelog: WildValue, mention: string): string {
  return changelog
    .get('items')
    .list()
    .map((item) => {
      const field = item.get('field').noneOrString();
      const to = field === 'assignee' && mention !== '' ? mention : `**${pythonStr(item.get('toString').noneOrString())}**`;
      return changeLine(field, item.get('fromString').noneOrString(), to);
    })
    .join('');
}

/** Reassignments, comments, transitions and field changes all arrive as one update event. */
export function issueUpdatedContent(payload: WildValue, users: readonly WebhookRealmUser[]): string {
  const issue = issueLink(payload, stringAt(payload, ['issue', 'key']));
  const mention = assigneeMention(stringAt(payload, ['issue', 'fields', 'assignee', 'emailAddress']), users);
  const blurb = mention === '' ? '' : ` (assigned to ${mention})`;
  const kind = updateKind(payload);
  if (kind.includes('comment')) return commentedContent(payload, kind, issue, blurb, users);

  const heading = `${eventAuthor(payload)} updated ${issue}${blurb}:\n\n`;
  const changelog = payload.get('changelog');
  if (changelog.truthy) return heading + changelogLines(changelog, mention);
  if (kind === 'issue_transited') {
    const from = stringAt(payload, ['transition', 'from_status']);
    return heading + changeLine('status', from, `**${stringAt(payload, ['transition', 'to_status'])}**`);
  }
  return heading;
}
