/**
 * The ways other modules' statements read the `stream` table: each function gives the SQL
 * text of a relation the channels module publishes (docs/architecture.md, "Each table has
 * one owner module"), for a caller that joins it inside one statement. PostgreSQL inlines
 * these subqueries, so they cost what the join on the table did.
 */

/** Every channel, archived ones too: `id`, `name` and `invite_only`. */
export function channelNamesAndPrivacy(alias: string): string {
  return `(SELECT id, name, invite_only FROM stream) AS ${alias}`;
}

/** The channels not archived: `id` and `name`. */
export function activeChannelNames(alias: string): string {
  return `(SELECT id, name FROM stream WHERE NOT deactivated) AS ${alias}`;
}
