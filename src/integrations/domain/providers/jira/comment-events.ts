/** Jira's `comment_created`, `comment_updated` and `comment_deleted` events. */
import type { WildValue } from '../shared/wild-value';
import { issueLink } from './issue';

/** Jira escapes `!` in comment bodies as `\!`. */
function unescapeComment(body: string): string {
  return body.split('\\!').join('!');
}

function commentParts(payload: WildValue): { author: string; body: string } {
  const comment = payload.at('comment');
  const author = comment.at('author').at('displayName').string();
  return { author, body: unescapeComment(comment.at('body').string()) };
}

export function commentCreatedContent(payload: WildValue): string {
  const { author, body } = commentParts(payload);
  return `${author} commented on ${issueLink(payload)}\n\`\`\` quote\n${body}\n\`\`\``;
}

export function commentUpdatedContent(payload: WildValue): string {
  const { author, body } = commentParts(payload);
  return `${author} updated their comment on ${issueLink(payload)}\n\`\`\` quote\n${body}\n\`\`\``;
}

export function commentDeletedContent(payload: WildValue): string {
  const { author, body } = commentParts(payload);
  return `${author} deleted their comment on ${issueLink(payload)}\n\`\`\` quote\n~~${body}~~\n\`\`\``;
}
