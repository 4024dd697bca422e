/**
 * The user-topics module's read relation: the SQL text other modules interpolate where a
 * user's topic policy is a join or a filter inside one of their statements
 * (docs/architecture.md, "Each table has one owner module"). A table expression PostgreSQL
 * inlines.
 */

/** Every user's topic policy: user_profile_id, stream_id, recipient_id, topic_name, visibility_policy. */
export function userTopicRelation(alias: string): string {
  return `user_topic AS ${alias}`;
}
