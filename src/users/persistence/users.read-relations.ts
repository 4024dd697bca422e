/**
 * The ways other modules' statements read the `user_profile` table: each function gives the
 * SQL text of a relation the users module publishes (docs/architecture.md, "Each table has
 * one owner module"), for a caller that joins it inside one statement.
 * PostgreSQL inlines these subqueries, so they cost what the join on the table did.
 */

/**
 * Every user's `id`, `realm_id`, `is_active`, `is_bot`, `date_joined`, `delivery_email`,
 * `email_address_visibility`, and `presence_enabled` (the personal setting; absent from the
 * stored settings, Zulip's default: on): what presence and status answers need of a user.
 */
export function userPresenceFacts(alias: string): string {
  return `(SELECT id, realm_id, is_active, is_bot, date_joined, delivery_email, email_address_visibility,
                  COALESCE((settings->>'presence_enabled')::boolean, true) AS presence_enabled
             FROM user_profile) AS ${alias}`;
}

/** The active users' `id`s (a membership joined to it keeps its active members). */
export function activeUserIds(alias: string): string {
  return `(SELECT id FROM user_profile WHERE is_active) AS ${alias}`;
}
