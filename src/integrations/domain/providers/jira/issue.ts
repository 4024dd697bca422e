/**
 * Reading the issue a Jira payload is about: its key, title, link, author and assignee, as
 * Zulip 10.2 reads them (a missing field reads as empty; a present one must be a string).
 */
import { MalformedWebhookPayload, WebhookRealmUser } from '../../integration';
import type { WildValue } from '../shared/wild-value';
import { userByDeliveryEmail } from './realm-users';

/** Zulip's `get_in`: the string at a path, or `fallback` where the path breaks off. */
export function stringAt(payload: WildValue, keys: readonly string[], fallback = ''): string {
  let current = payload;
  for (const key of keys) {
    if (!current.isDict || !current.has(key)) return fallback;
    current = current.at(key);
  }
  return current.string();
}

/** Old Jira versions send comment events without the issue. */
const NO_ISSUE_TITLE = 'Upgrade Jira to get the issue title here.';

export function issueKey(payload: WildValue): string {
  if (!payload.has('issue')) {
    // All that is left is Jira's internal issue number, in the comment's REST address.
    const self = payload.at('comment').at('self');
    const parts = self.string().split('/');
    if (parts.length < 3) throw new MalformedWebhookPayload(`${self.path} is not an issue comment address`);
    return parts[parts.length - 3];
  }
  return stringAt(payload, ['issue', 'key']);
}

export function issueTitle(payload: WildValue): string {
  if (!payload.has('issue')) return NO_ISSUE_TITLE;
  return stringAt(payload, ['issue', 'fields', 'summary']);
}

export function issueTopic(payload: WildValue): string {
  return `${issueKey(payload)}: ${issueTitle(payload)}`;
}

/** The Jira site, taken from the issue's REST address (`<site>/rest/api/...`). */
const SITE_FROM_REST_URL = /^([^\n]*)\/rest\/api\//;

/** `KEY: title`, linked to `<site>/browse/KEY` when the payload gives the issue's address. */
export function issueLink(payload: WildValue, key: string = issueKey(payload)): string {
  const text = `${key}: ${issueTitle(payload)}`;
  const site = SITE_FROM_REST_URL.exec(stringAt(payload, ['issue', 'self']));
  return site === null ? text : `[${text}](${site[1]}/browse/${key})`;
}

export function eventAuthor(payload: WildValue): string {
  return stringAt(payload, ['user', 'displayName']);
}

/** The assignee in bold: the realm user with that address, else the address itself. */
export function assigneeMention(email: string, users: readonly WebhookRealmUser[]): string {
  if (email === '') return '';
  const user = userByDeliveryEmail(users, email);
  return `**${user === null ? email : user.fullName}**`;
}
