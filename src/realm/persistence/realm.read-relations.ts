/**
 * The realm module's read relations: the SQL text other modules interpolate where a realm
 * row is a join or a filter inside one of their statements (docs/architecture.md, "Each
 * table has one owner module"). Each is a table expression PostgreSQL inlines.
 */

/** Every realm: id, string_id, name, deactivated, properties (the stored realm properties). */
export function realmRelation(alias: string): string {
  return `(SELECT id, string_id, name, deactivated, properties FROM realm) AS ${alias}`;
}
