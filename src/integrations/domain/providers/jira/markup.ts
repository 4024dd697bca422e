/**
 * Zulip 10.2's simple conversion of Jira's wiki markup into Markdown, for comments quoted
 * from the older issue-update payloads. The steps run in Zulip's order, and Python's `.`
 * (anything but a newline) is written `[^\n]` here, since JavaScript's `.` also stops at
 * `\r` and the Unicode line separators.
 */
import { WebhookRealmUser } from '../../integration';
import { guessUserFromJiraName } from './realm-users';

/** `[~name]` mentions, at most one line long. */
const MENTION = /\[~([^\n]*?)\]/g;

function replaceAll(text: string, search: string, replacement: string): string {
  return text.split(search).join(replacement);
}

/** Jira's `[~name]` becomes the matching user's name in bold, else the Jira name in bold. */
function convertMentions(content: string, users: readonly WebhookRealmUser[]): string {
  const names = Array.from(content.matchAll(MENTION), (match) => match[1]);
  let converted = content;
  for (const name of names) {
    const user = guessUserFromJiraName(users, name);
    converted = replaceAll(converted, `[~${name}]`, `**${user === null ? name : user.fullName}**`);
  }
  return converted;
}

export function convertJiraMarkup(content: string, users: readonly WebhookRealmUser[]): string {
  const converted = content
    // *bold* is **bold**
    .replace(/\*([^*]+)\*/g, '**$1**')
    // {{monospace}} is `monospace`
    .replace(/\{\{([^*]+?)\}\}/g, '`$1`')
    // a line starting `bq. ` is a block quote
    .replace(/bq\. ([^\n]*)/g, '> $1')
    .replace(/\{quote\}([\s\S]*?)\{quote\}/g, '~~~ quote\n$1\n~~~')
    .replace(/\{noformat\}([\s\S]*?)\{noformat\}/g, '~~~\n$1\n~~~')
    .replace(/\{code[^\n]*\}([\s\S]*?)\{code\}/g, '~~~\n$1\n~~~')
    // [https://example.com] links to itself; a `|` or `~` makes it another form
    .replace(/\[([^|~]+?)\]/g, '[$1]($1)')
    // [title|https://example.com]
    .replace(/\[(?:([^|~]+)\|)([^\]]*)\]/g, '[$1]($2)');
  return convertMentions(converted, users);
}
