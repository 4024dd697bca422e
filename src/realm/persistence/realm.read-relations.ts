/**
 * The ways other modules' statements read the `realm` table: each function gives the SQL
 * text of a relation the realm module publishes (docs/architecture.md, "Each table has one
 * owner module"), for a caller that joins it inside one statement. PostgreSQL inlines these
 * subqueries, so they cost what the join on the table did.
 */

/** Every realm's `id` and `date_created`. */
export function realmCreationDates(alias: string): string {
  return `(SELECT id, date_created FROM realm) AS ${alias}`;
}

/** The realms not deactivated: `id` and `string_id` (the subdomain). */
export function activeRealmSubdomains(alias: string): string {
  return `(SELECT id, string_id FROM realm WHERE NOT deactivated) AS ${alias}`;
}
