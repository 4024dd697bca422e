/**
 * The presence module's read relation: the SQL text other modules interpolate where a
 * user's presence is a filter inside one of their statements (docs/architecture.md, "Each
 * table has one owner module"). A plain table reference under the caller's alias; the comment lists the columns callers may read.
 */

/** Every user's presence row: user_profile_id, last_active_time. */
export function presenceRelation(alias: string): string {
  return `user_presence AS ${alias}`;
}
