/**
 * The muted-users module's read relation: the SQL text other modules interpolate where a
 * mute is a filter inside one of their statements (docs/architecture.md, "Each table has
 * one owner module"). A plain table reference under the caller's alias; the comment lists the columns callers may read.
 */

/** Every mute: user_profile_id (who muted), muted_user_id (whom). */
export function mutedUserRelation(alias: string): string {
  return `muted_user AS ${alias}`;
}
