/**
 * The messages module's read relations: the SQL text other modules interpolate where a
 * message or a user's message row is a join or a filter inside one of their statements
 * (docs/architecture.md, "Each table has one owner module"). Each is a plain table reference
 * under the caller's alias; the comments list the columns callers may read.
 */

/** Every message: id, realm_id, sender_id, recipient_id, subject, content, rendered_content, date_sent. */
export function messageRelation(alias: string): string {
  return `message AS ${alias}`;
}

/** Every user's message row (received, or read from history): user_profile_id, message_id, flags. */
export function userMessageRelation(alias: string): string {
  return `user_message AS ${alias}`;
}
