import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { messageRelation, userMessageRelation } from '../../messages/public/read-relations';
import { presenceRelation } from '../../presence/public/read-relations';
import { realmRelation } from '../../realm/public/read-relations';
import { REALM_PROPERTIES } from '../../realm/public/realm-properties';
import { streamRelation } from '../../channels/public/read-relations';
import { userProfileRelation } from '../../users/public/read-relations';
import { USER_SETTING_DEFAULTS } from '../../users/public/user-settings';
import { DigestTopic } from '../domain/digest-topics';

/** A realm as the digest pass reads it. */
export interface DigestRealm {
  id: number;
  subdomain: string;
  name: string;
  contentAllowed: boolean;
}

export interface SampleMessage {
  id: number;
  senderName: string;
  content: string;
  renderedContent: string | null;
}

/** A realm property as stored: the value set, or the default (realm-properties.ts) bound as `$index`. */
const realmProperty = (name: string, cast: string, index: number): string => `coalesce((realm.properties->>'${name}')::${cast}, $${index}::${cast})`;

/**
 * The digest's reads (Zulip's digest.py queries) and the one write, the claim of a user's
 * digest. Reads run in autocommit on the pool; the claim in the transaction that writes
 * the mail.
 */
@Injectable()
export class DigestStore {
  constructor(private readonly database: Database) {}

  /** Realms with digests on `weekday` (Zulip's enqueue_emails filter), or the realm named. */
  async realms(filter: { weekday: number } | { subdomain: string }): Promise<DigestRealm[]> {
    const enabled = realmProperty('digest_emails_enabled', 'boolean', 2);
    const allowed = realmProperty('message_content_allowed_in_email_notifications', 'boolean', 3);
    const params: unknown[] = [
      'weekday' in filter ? filter.weekday : filter.subdomain,
      REALM_PROPERTIES.digest_emails_enabled.default,
      REALM_PROPERTIES.message_content_allowed_in_email_notifications.default,
    ];
    let where = `realm.string_id = $1 AND NOT realm.deactivated AND ${enabled}`;
    if ('weekday' in filter) {
      params.push(REALM_PROPERTIES.digest_weekday.default);
      where = `NOT realm.deactivated AND ${enabled} AND ${realmProperty('digest_weekday', 'int', 4)} = $1`;
    }
    const rows = await this.database.query<{ id: number; string_id: string; name: string; allowed: boolean }>(
      `SELECT realm.id, realm.string_id, realm.name, ${allowed} AS allowed FROM ${realmRelation('realm')} WHERE ${where} ORDER BY realm.id`,
      params,
    );
    return rows.map((row) => ({ id: row.id, subdomain: row.string_id, name: row.name, contentAllowed: row.allowed }));
  }

  /**
   * Zulip's _enqueue_emails_for_realm: active people with `enable_digest_emails`, not active
   * since `activeSince` (the last active presence, whose activity interval ends 15 minutes
   * later, before the cutoff), and sent no digest since `digestedSince`.
   */
  async candidates(realmId: number, activeSince: Date, digestedSince: Date): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT u.id FROM ${userProfileRelation('u')}
        WHERE u.realm_id = $1 AND u.is_active AND NOT u.is_bot
          AND coalesce((u.settings->>'enable_digest_emails')::boolean, $2::boolean)
          AND NOT EXISTS (SELECT 1 FROM ${presenceRelation('p')} WHERE p.user_profile_id = u.id AND p.last_active_time > $3::timestamptz)
          AND NOT EXISTS (SELECT 1 FROM user_digest d WHERE d.user_profile_id = u.id AND d.last_digest_at > $4::timestamptz)
        ORDER BY u.id`,
      [realmId, USER_SETTING_DEFAULTS.enable_digest_emails, activeSince, digestedSince],
    );
    return rows.map((row) => row.id);
  }

  /**
   * Zulip's get_recent_topics for channels: each topic's human messages and senders since
   * the cutoff and its first messages, in the order of their first message. With `viewerId`,
   * only the messages that user received (a channel whose history is not public to
   * subscribers).
   */
  async topics(streamIds: readonly number[], cutoff: Date, viewerId: number | null): Promise<DigestTopic[]> {
    if (streamIds.length === 0) return [];
    const rows = await this.database.query<{ stream_id: number; topic: string; human: string | number; senders: string[] | null; sample_ids: number[] }>(
      `SELECT st.id AS stream_id, m.subject AS topic,
              count(*) FILTER (WHERE NOT u.is_bot) AS human,
              array_agg(DISTINCT u.full_name) FILTER (WHERE NOT u.is_bot) AS senders,
              (array_agg(m.id ORDER BY m.id))[1:2] AS sample_ids
         FROM ${messageRelation('m')} JOIN ${streamRelation('st')} ON st.recipient_id = m.recipient_id
         JOIN ${userProfileRelation('u')} ON u.id = m.sender_id
        WHERE st.id = ANY($1::int[]) AND m.date_sent > $2::timestamptz
          AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM ${userMessageRelation('um')} WHERE um.message_id = m.id AND um.user_profile_id = $3))
        GROUP BY st.id, m.subject
        ORDER BY min(m.id)`,
      [streamIds, cutoff, viewerId],
    );
    return rows.map((row) => ({
      streamId: row.stream_id,
      topic: row.topic,
      humanMessages: Number(row.human),
      participants: [...(row.senders ?? [])].sort(),
      sampleIds: row.sample_ids.map(Number),
    }));
  }

  async samples(ids: readonly number[]): Promise<Map<number, SampleMessage>> {
    if (ids.length === 0) return new Map();
    const rows = await this.database.query<{ id: number; full_name: string; content: string; rendered_content: string | null }>(
      `SELECT m.id, u.full_name, m.content, m.rendered_content
         FROM ${messageRelation('m')} JOIN ${userProfileRelation('u')} ON u.id = m.sender_id WHERE m.id = ANY($1::int[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, { id: row.id, senderName: row.full_name, content: row.content, renderedContent: row.rendered_content }]));
  }

  /** Zulip's get_new_messages_count: messages people sent the user since the cutoff. */
  async newMessages(userId: number, since: Date): Promise<number> {
    const [row] = await this.database.query<{ count: string | number }>(
      `SELECT count(*) AS count
         FROM ${userMessageRelation('um')} JOIN ${messageRelation('m')} ON m.id = um.message_id JOIN ${userProfileRelation('s')} ON s.id = m.sender_id
        WHERE um.user_profile_id = $1 AND m.date_sent >= $2 AND NOT s.is_bot`,
      [userId, since],
    );
    return Number(row.count);
  }

  /**
   * Claims the user's digest for this period, in the caller's transaction: true when no
   * digest was recorded since `digestedSince`. One upsert that a concurrent claim waits on
   * and then finds recent, so two passes send one digest.
   */
  async claim(userId: number, digestedSince: Date): Promise<boolean> {
    const rows = await this.database.transaction.query<{ user_profile_id: number }>(
      `WITH claimed AS (
         INSERT INTO user_digest (user_profile_id, last_digest_at) VALUES ($1, clock_timestamp())
         ON CONFLICT (user_profile_id) DO UPDATE SET last_digest_at = EXCLUDED.last_digest_at WHERE user_digest.last_digest_at <= $2::timestamptz
         RETURNING user_profile_id)
       SELECT user_profile_id FROM claimed`,
      [userId, digestedSince],
    );
    return rows.length > 0;
  }
}

