/**
 * The channels module's read relations: the SQL text other modules interpolate where a
 * channel or a subscription is a join or a filter inside one of their statements
 * (docs/architecture.md, "Each table has one owner module"). Each is a plain table reference
 * under the caller's alias; the comments list the columns callers may read.
 */

/**
 * Every subscription (to a channel or a group of people): user_profile_id, recipient_id,
 * active, is_user_active, is_muted, email_notifications, wildcard_mentions_notify.
 */
export function subscriptionRelation(alias: string): string {
  return `subscription AS ${alias}`;
}

/**
 * Every channel: id, realm_id, name, recipient_id, invite_only, is_web_public,
 * history_public_to_subscribers, message_retention_days, date_created, deactivated.
 */
export function streamRelation(alias: string): string {
  return `stream AS ${alias}`;
}
