/** Sentry's issue payloads (an internal integration's `issue` webhooks): created, resolved, assigned, ignored. */
import type { WildValue } from '../shared/wild-value';
import { sentryTimestamp } from './event-message';
import { SentryMessage, SentryUnsupported } from './sentry-message';

/** Who the issue is assigned to: a user's name, `team <name>`, or `No one`. */
function assigneeOf(issue: WildValue): string {
  const assignee = issue.at('assignedTo');
  if (!assignee.truthy) return 'No one';
  const name = assignee.at('name').anythingText();
  return assignee.at('type').value === 'team' ? `team ${name}` : name;
}

function actorName(actor: WildValue): string {
  return actor.at('name').anythingText();
}

/** Zulip's `handle_issue_payload`: the topic is the issue's title. */
export function issueMessage(action: WildValue, issue: WildValue, actor: WildValue): SentryMessage | SentryUnsupported {
  const title = issue.at('title').string();
  // Zulip reads these for every action, so a payload without them is refused whatever it says.
  const timestamp = sentryTimestamp(issue.at('lastSeen').string());
  const assignee = assigneeOf(issue);
  switch (action.value) {
    case 'created': {
      const level = issue.at('level').anythingText();
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
      return { unsupported: `${action.anythingText()} action` };
  }
}
