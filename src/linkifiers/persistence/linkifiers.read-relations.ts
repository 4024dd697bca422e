/**
 * The linkifiers module's read relation: the SQL text other modules interpolate where a
 * realm's linkifiers are a join or a filter inside one of their statements
 * (docs/architecture.md, "Each table has one owner module"). A table expression PostgreSQL
 * inlines.
 */

/** Every linkifier: id, realm_id, pattern, url_template, "order" (its place in the realm's list). */
export function realmFilterRelation(alias: string): string {
  return `(SELECT id, realm_id, pattern, url_template, "order" FROM realm_filter) AS ${alias}`;
}
