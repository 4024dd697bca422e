/**
 * How other modules' statements read the realm table (docs/architecture.md, "Each table
 * has one owner module"): SQL fragments they interpolate, so that a hot statement stays
 * one round trip. Re-exported by `public/realm-read-relations.ts`. The relations (`... AS
 * alias`) are subqueries PostgreSQL inlines, so they cost what a join on the table did.
 */

/** The subdomain (`string_id`, a text value) of the realm whose id is `realmIdSql`. */
export function realmSubdomainSql(realmIdSql: string): string {
  return `(SELECT string_id FROM realm WHERE id = ${realmIdSql})`;
}

/** Every realm's `id` and `date_created`. */
export function realmCreationDates(alias: string): string {
  return `(SELECT id, date_created FROM realm) AS ${alias}`;
}

/** The realms not deactivated: `id` and `string_id` (the subdomain). */
export function activeRealmSubdomains(alias: string): string {
  return `(SELECT id, string_id FROM realm WHERE NOT deactivated) AS ${alias}`;
}
