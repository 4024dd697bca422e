/**
 * The presence module's read relation: the SQL text other modules interpolate where a
 * user's presence is a filter inside one of their statements (docs/architecture.md, "Each
 * table has one owner module"). A table expression PostgreSQL inlines.
 */

/** Every user's presence row: user_profile_id, last_active_time. */
export function presenceRelation(alias: string): string {
  return `user_presence AS ${alias}`;
}
