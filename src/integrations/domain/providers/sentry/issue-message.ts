/** Sentry's issue payloads (an internal integration's `issue` webhooks): created, resolved, assigned, ignored. */
import { expectObject, isTruthy, JsonObject, pythonStr, required, requiredString } from '../payload';
import { sentryTimestamp } from './event-message';
import { SentryMessage, SentryUnsupported } from './sentry-message';

/** Who the issue is assigned to: a user's name, `team <name>`, or `No one`. */
function assigneeOf(issue: JsonObject): string {
  const assignedTo = required(issue, 'assignedTo', 'issue');
  if (!isTruthy(assignedTo)) return 'No one';
  const assignee = expectObject(assignedTo, 'issue["assignedTo"]');
  const name = pythonStr(required(assignee, 'name', 'issue["assignedTo"]'));
  return required(assignee, 'type', 'issue["assignedTo"]') === 'team' ? `team ${name}` : name;
}

function actorName(actor: unknown): string {
  return pythonStr(required(expectObject(actor, 'actor'), 'name', 'actor'));
}

/** Zulip's `handle_issue_payload`: the topic is the issue's title. */
export function issueMessage(action: unknown, issueValue: unknown, actor: unknown): SentryMessage | SentryUnsupported {
  const issue = expectObject(issueValue, 'issue');
  const title = requiredString(issue, 'title', 'issue');
  // Zulip reads these for every action, so a payload without them is refused whatever it says.
  const timestamp = sentryTimestamp(requiredString(issue, 'lastSeen', 'issue'));
  const assignee = assigneeOf(issue);
  switch (action) {
    case 'created': {
      const level = pythonStr(required(issue, 'level', 'issue'));
      return {
        topic: title,
        content:
          `\n**New issue created:** ${title}\n\`\`\`quote\n**level:** ${level}\n` +
          `**timestamp:** ${timestamp}\n**assignee:** ${assignee}\n\`\`\`\n`,
      };
    }
    case 'resolved':
      return { topic: title, content: `\nIssue **${title}** was marked as resolved by **${actorName(actor)}**.\n` };
    case 'assigned':
      return {
        topic: title,
        content: `\nIssue **${title}** has now been assigned to **${assignee}** by **${actorName(actor)}**.\n`,
      };
    case 'ignored':
      return { topic: title, content: `\nIssue **${title}** was ignored by **${actorName(actor)}**.\n` };
    default:
      return { unsupported: `${pythonStr(action)} action` };
  }
}
