/**
 * The submessages module's read relation: the SQL text other modules interpolate where a
 * submessage is a join or a filter inside one of their statements (docs/architecture.md,
 * "Each table has one owner module"). A plain table reference under the caller's alias; the comment lists the columns callers may read.
 */

/** Every submessage: id, message_id, sender_id, msg_type, content. */
export function submessageRelation(alias: string): string {
  return `submessage AS ${alias}`;
}
