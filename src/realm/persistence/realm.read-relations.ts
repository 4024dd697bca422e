/**
 * The realm module's read relations: the SQL text other modules interpolate where a realm
 * row is a join or a filter inside one of their statements, so that a hot statement stays
 * one round trip (docs/architecture.md, "Each table has one owner module"). Each is a plain table reference
 * (or a scalar subquery) under the caller's alias; the comments list the columns callers may read.
 */

/** The subdomain (`string_id`, a text value) of the realm whose id is `realmIdSql`. */
export function realmSubdomainSql(realmIdSql: string): string {
  return `(SELECT string_id FROM realm WHERE id = ${realmIdSql})`;
}

/** Every realm: id, string_id, name, deactivated, properties (the stored realm properties), date_created. */
export function realmRelation(alias: string): string {
  return `realm AS ${alias}`;
}
