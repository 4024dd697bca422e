/** Jira's `comment_created`, `comment_updated` and `comment_deleted` events. */
import { JsonObject, requiredObject, requiredString } from '../payload';
import { issueLink } from './issue';

/** Jira escapes `!` in comment bodies as `\!`. */
function unescapeComment(body: string): string {
  return body.split('\\!').join('!');
}

function commentParts(payload: JsonObject): { author: string; body: string } {
  const comment = requiredObject(payload, 'comment', 'payload');
  const author = requiredString(requiredObject(comment, 'author', 'comment'), 'displayName', 'comment.author');
  return { author, body: unescapeComment(requiredString(comment, 'body', 'comment')) };
}

export function commentCreatedContent(payload: JsonObject): string {
  const { author, body } = commentParts(payload);
  return `${author} commented on ${issueLink(payload)}\n\`\`\` quote\n${body}\n\`\`\``;
}

export function commentUpdatedContent(payload: JsonObject): string {
  const { author, body } = commentParts(payload);
  return `${author} updated their comment on ${issueLink(payload)}\n\`\`\` quote\n${body}\n\`\`\``;
}

export function commentDeletedContent(payload: JsonObject): string {
  const { author, body } = commentParts(payload);
  return `${author} deleted their comment on ${issueLink(payload)}\n\`\`\` quote\n~~${body}~~\n\`\`\``;
}
