/**
 * The users module's read relations: the SQL text other modules interpolate where a user
 * or recipient row is a join or a filter inside one of their statements (docs/architecture.md,
 * "Each table has one owner module"). Each is a plain table reference under the caller's alias; the comments list the columns callers may read.
 */

/**
 * Every user and bot: id, realm_id, full_name, delivery_email, role, is_active, is_bot,
 * bot_type, bot_owner_id, settings, date_joined, email_address_visibility, avatar_source,
 * avatar_version.
 */
export function userProfileRelation(alias: string): string {
  return `user_profile AS ${alias}`;
}

/** Every recipient (a person, a channel or a group of people): id, type, type_id. */
export function recipientRelation(alias: string): string {
  return `recipient AS ${alias}`;
}
