/**
 * The reactions module's read relation: the SQL text other modules interpolate where a
 * reaction is a join or a filter inside one of their statements (docs/architecture.md,
 * "Each table has one owner module"). A plain table reference under the caller's alias; the comment lists the columns callers may read.
 */

/** Every reaction: id, message_id, user_profile_id, emoji_name, emoji_code, reaction_type. */
export function reactionRelation(alias: string): string {
  return `reaction AS ${alias}`;
}
