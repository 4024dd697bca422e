/**
 * The ways other modules' statements read the `stream` and `subscription` tables: each function gives the SQL
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

/**
 * The active subscriptions (of channels and group conversations alike): `user_profile_id`,
 * `recipient_id` and `is_user_active` (whether the subscriber's account is active).
 */
export function activeSubscriptions(alias: string): string {
  return `(SELECT user_profile_id, recipient_id, is_user_active FROM subscription WHERE active) AS ${alias}`;
}
