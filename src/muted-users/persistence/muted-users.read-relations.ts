/**
 * The muted-users module's read relation: the SQL text other modules interpolate where a
 * mute is a filter inside one of their statements (docs/architecture.md, "Each table has
 * one owner module"). A table expression PostgreSQL inlines.
 */

/** Every mute: user_profile_id (who muted), muted_user_id (whom). */
export function mutedUserRelation(alias: string): string {
  return `muted_user AS ${alias}`;
}
