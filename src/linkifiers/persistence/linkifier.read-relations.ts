/**
 * How other modules' statements read `realm_filter` (docs/architecture.md, "Each table
 * has one owner module"): SQL fragments they interpolate, so that a hot statement stays
 * one round trip. Re-exported by `public/read-relations.ts`.
 */

/**
 * The realm's linkifiers in the order they apply, as one JSON array of
 * `{"pattern", "url_template"}` (an empty array when it has none).
 */
export function linkifierRulesJsonSql(realmIdSql: string): string {
  return `(SELECT coalesce(json_agg(json_build_object('pattern', pattern, 'url_template', url_template) ORDER BY "order", id), '[]'::json)
             FROM realm_filter WHERE realm_id = ${realmIdSql})`;
}

/** Every linkifier: id, realm_id, pattern, url_template, "order" (its place in the realm's list). */
export function realmFilterRelation(alias: string): string {
  return `realm_filter AS ${alias}`;
}
