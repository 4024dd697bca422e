/**
 * How other modules' statements read the realm table (docs/architecture.md, "Each table
 * has one owner module"): SQL fragments they interpolate, so that a hot statement stays
 * one round trip. Re-exported by `public/realm-read-relations.ts`.
 */

/** The subdomain (`string_id`, a text value) of the realm whose id is `realmIdSql`. */
export function realmSubdomainSql(realmIdSql: string): string {
  return `(SELECT string_id FROM realm WHERE id = ${realmIdSql})`;
}

/** Every realm: id, string_id, name, deactivated, properties (the stored realm properties); a table expression PostgreSQL inlines. */
export function realmRelation(alias: string): string {
  return `(SELECT id, string_id, name, deactivated, properties FROM realm) AS ${alias}`;
}
