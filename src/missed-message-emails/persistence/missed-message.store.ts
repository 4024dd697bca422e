import { Injectable } from '@nestjs/common';
import { MAX_QUEUE_LIFESPAN_SECS } from '../../platform/events/queues/queue-descriptor';
import { Database } from '../../platform/database/database';
import { USER_SETTING_DEFAULTS } from '../../users/public/user-settings';
import { recipientRelation, userProfileRelation } from '../../users/public/read-relations';
import { streamRelation, subscriptionRelation } from '../../channels/public/read-relations';
import { messageRelation, userMessageRelation } from '../../messages/public/read-relations';
import { mutedUserRelation } from '../../muted-users/public/read-relations';
import { presenceRelation } from '../../presence/public/read-relations';
import { realmRelation } from '../../realm/public/read-relations';
import { userTopicRelation } from '../../user-topics/public/read-relations';
import { ANY_MENTION_BITS, EmailTrigger, IDLE_AFTER_SECONDS, NotificationMedium } from '../domain/email-triggers';
import { MissedMessage } from '../domain/missed-message-mail';

/** A recipient who may get an email for a message, with what decides it (Zulip's get_recipient_info). */
export interface CandidateRow {
  userId: number;
  settings: Record<string, unknown>;
  subscriptionEmail: boolean | null;
  subscriptionPush: boolean | null;
  subscriptionWildcard: boolean | null;
  channelMuted: boolean;
  visibilityPolicy: number;
}

/** What a message's candidates are looked up by. */
export interface CandidateQuery {
  realmId: number;
  senderId: number;
  recipientId: number;
  /** Null for direct messages. */
  streamId: number | null;
  topic: string;
  /** Recipients that are candidates by themselves (direct message recipients, mentioned users). */
  userIds: readonly number[];
}

/** A message as the email needs it, and whether the user was mentioned in it (any kind). */
export type StoredMissedMessage = Omit<MissedMessage, 'trigger'> & { mentioned: boolean };

/** A user's batch and when it is due. */
export interface PendingWake {
  userId: number;
  due: Date;
}

/** A pending row a sender claimed. */
export interface PendingRow {
  messageId: number;
  trigger: EmailTrigger;
}

/** One pending row to write. */
export interface PendingEntry {
  userId: number;
  messageId: number;
  trigger: EmailTrigger;
}

/** Where a message is (streamId null for a direct message). */
export interface MessagePlace {
  realmId: number;
  senderId: number;
  recipientId: number;
  streamId: number | null;
  topic: string;
}

/**
 * How long a settled row is kept: the longest an unfetched message event can wait in a
 * queue nobody polls (the longest queue lifespan), after which no expiry brings it back.
 */
const SETTLED_RETENTION_SECONDS = MAX_QUEUE_LIFESPAN_SECS;

/** read | historical: a message the user read, or never received. */
const READ_OR_HISTORICAL = 1 | 1024;

interface CandidateSqlRow {
  id: number;
  settings: Record<string, unknown> | string | null;
  email_notifications: boolean | null;
  push_notifications?: boolean | null;
  wildcard_mentions_notify: boolean | null;
  is_muted: boolean | null;
  visibility_policy: number | null;
}

function candidateRow(row: CandidateSqlRow): CandidateRow {
  return {
    userId: row.id,
    // The embedded driver hands jsonb over as text.
    settings: (typeof row.settings === 'string' ? JSON.parse(row.settings) : (row.settings ?? {})) as Record<string, unknown>,
    subscriptionEmail: row.email_notifications,
    subscriptionPush: row.push_notifications ?? null,
    subscriptionWildcard: row.wildcard_mentions_notify,
    channelMuted: row.is_muted === true,
    visibilityPolicy: row.visibility_policy ?? 0,
  };
}

/** Zulip's default email_notifications_batching_period_seconds, for users who never set it. */
const DEFAULT_BATCHING_SECONDS = USER_SETTING_DEFAULTS.email_notifications_batching_period_seconds;

/** A namespace for the per-user advisory locks of the email batches (any constant unlikely to clash). */
const BATCH_LOCK_NAMESPACE = 0x6d6d65;

/**
 * The `missed_message_email` rows (Zulip's ScheduledMessageNotificationEmail); reads of
 * messages and settings the emails need. SQL only.
 */
@Injectable()
export class MissedMessageStore {
  constructor(private readonly database: Database) {}

  /**
   * The candidates for one message: the given users, plus, for a channel message, the
   * subscribers whose subscription or default asks for an email (or, for `push`, a push
   * notification) for every message and the followers of the topic (found through small
   * partial indexes, never a scan of the channel). Active humans other than the sender who
   * did not mute the sender.
   */
  async candidates(query: CandidateQuery, medium: NotificationMedium = 'email'): Promise<CandidateRow[]> {
    // Constant column and key names per medium: two statements, each with its own plan.
    const subscriptionColumn = medium === 'push' ? 'push_notifications' : 'email_notifications';
    const streamSetting = medium === 'push' ? 'enable_stream_push_notifications' : 'enable_stream_email_notifications';
    const rows = await this.database.query<CandidateSqlRow>(
      `WITH candidate AS (
         SELECT unnest($1::int[]) AS user_id
         UNION SELECT s.user_profile_id FROM ${subscriptionRelation('s')}
                WHERE $4::int IS NOT NULL AND s.recipient_id = $3 AND s.${subscriptionColumn} AND s.active AND s.is_user_active
         UNION SELECT u.id FROM ${userProfileRelation('u')}
                WHERE $4::int IS NOT NULL AND u.realm_id = $2 AND (u.settings->>'${streamSetting}') = 'true'
         UNION SELECT t.user_profile_id FROM ${userTopicRelation('t')}
                WHERE t.stream_id = $4 AND lower(t.topic_name) = lower($5) AND t.visibility_policy = 3)
       SELECT u.id, u.settings, s.email_notifications, s.push_notifications, s.wildcard_mentions_notify, s.is_muted, t.visibility_policy
         FROM candidate c
         JOIN ${userProfileRelation('u')} ON u.id = c.user_id AND u.is_active AND NOT u.is_bot AND u.id <> $6
         LEFT JOIN ${subscriptionRelation('s')} ON $4::int IS NOT NULL AND s.user_profile_id = u.id AND s.recipient_id = $3 AND s.active
         LEFT JOIN ${userTopicRelation('t')} ON t.user_profile_id = u.id AND t.stream_id = $4 AND lower(t.topic_name) = lower($5)
        WHERE NOT EXISTS (SELECT 1 FROM ${mutedUserRelation('m')} WHERE m.user_profile_id = u.id AND m.muted_user_id = $6)`,
      [query.userIds, query.realmId, query.recipientId, query.streamId, query.topic, query.senderId],
    );
    return rows.map(candidateRow);
  }

  /**
   * Zulip's missed-message worker's `consume`, for every notified (user, message) in one
   * statement: a row each, due when the user's first pending row is due, or after the
   * user's batching period from now. Users in `away` are away (no queue receives messages);
   * the others only if their presence was not active in the last IDLE_AFTER_SECONDS
   * (Zulip's filter_presence_idle_user_ids). A row already there stays: pending (the event
   * handled twice) or settled (the user was already emailed about the message, Zulip's
   * `email_notified`). Returns whose rows were written, and when they are due.
   */
  async recordPending(entries: readonly PendingEntry[], away: readonly number[]): Promise<PendingWake[]> {
    if (entries.length === 0) return [];
    const rows = await this.database.query<{ user_profile_id: number; due: Date | string }>(
      `INSERT INTO missed_message_email (user_profile_id, message_id, trigger, scheduled_timestamp)
       SELECT c.user_id, c.message_id, c.trigger,
              COALESCE((SELECT min(p.scheduled_timestamp) FROM missed_message_email p WHERE p.user_profile_id = c.user_id AND NOT p.settled),
                       now() + make_interval(secs => COALESCE((u.settings->>'email_notifications_batching_period_seconds')::int, $5)))
         FROM unnest($1::int[], $2::int[], $3::text[]) AS c(user_id, message_id, trigger)
         JOIN ${userProfileRelation('u')} ON u.id = c.user_id
        WHERE c.user_id = ANY($4::int[])
           OR NOT EXISTS (SELECT 1 FROM ${presenceRelation('pr')} WHERE pr.user_profile_id = c.user_id
                            AND pr.last_active_time >= now() - make_interval(secs => $6))
       ON CONFLICT DO NOTHING
       RETURNING user_profile_id, scheduled_timestamp AS due`,
      [
        entries.map((entry) => entry.userId),
        entries.map((entry) => entry.messageId),
        entries.map((entry) => entry.trigger),
        away,
        DEFAULT_BATCHING_SECONDS,
        IDLE_AFTER_SECONDS,
      ],
    );
    return rows.map((row) => ({ userId: row.user_profile_id, due: new Date(row.due) }));
  }

  /** Which of these users' presence was active in the last IDLE_AFTER_SECONDS (Zulip's filter_presence_idle_user_ids: the others are idle). */
  async recentlyActive(userIds: readonly number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.database.query<{ user_profile_id: number }>(
      `SELECT pr.user_profile_id FROM ${presenceRelation('pr')}
        WHERE pr.user_profile_id = ANY($1::int[]) AND pr.last_active_time >= now() - make_interval(secs => $2)`,
      [userIds, IDLE_AFTER_SECONDS],
    );
    return new Set(rows.map((row) => row.user_profile_id));
  }

  /** Where a message is, for an edit's candidates (null: deleted meanwhile). */
  async messagePlace(messageId: number): Promise<MessagePlace | null> {
    const [row] = await this.database.query<{ realm_id: number; sender_id: number; recipient_id: number; type: number; type_id: number; subject: string }>(
      `SELECT m.realm_id, m.sender_id, m.recipient_id, r.type, r.type_id, m.subject
         FROM ${messageRelation('m')} JOIN ${recipientRelation('r')} ON r.id = m.recipient_id WHERE m.id = $1`,
      [messageId],
    );
    if (!row) return null;
    return {
      realmId: row.realm_id,
      senderId: row.sender_id,
      recipientId: row.recipient_id,
      streamId: row.type === 2 ? row.type_id : null,
      topic: row.subject,
    };
  }

  /**
   * For an expired queue's messages: those the user received (not historical), still has
   * unread, and did not send, from senders they did not mute, with what decides the
   * email. Nothing for an inactive user or a bot.
   */
  async unreadCandidates(userId: number, messageIds: readonly number[]): Promise<(CandidateRow & { messageId: number; flags: number; isPrivate: boolean })[]> {
    const rows = await this.database.query<{
      message_id: number;
      flags: number;
      type: number;
      settings: Record<string, unknown> | string | null;
      email_notifications: boolean | null;
      wildcard_mentions_notify: boolean | null;
      is_muted: boolean | null;
      visibility_policy: number | null;
    }>(
      `SELECT um.message_id, um.flags, r.type, u.settings, s.email_notifications, s.wildcard_mentions_notify, s.is_muted, t.visibility_policy
         FROM ${userMessageRelation('um')}
         JOIN ${userProfileRelation('u')} ON u.id = um.user_profile_id AND u.is_active AND NOT u.is_bot
         JOIN ${messageRelation('m')} ON m.id = um.message_id AND m.sender_id <> um.user_profile_id
         JOIN ${recipientRelation('r')} ON r.id = m.recipient_id
         LEFT JOIN ${subscriptionRelation('s')} ON r.type = 2 AND s.user_profile_id = u.id AND s.recipient_id = m.recipient_id AND s.active
         LEFT JOIN ${userTopicRelation('t')} ON r.type = 2 AND t.user_profile_id = u.id AND t.stream_id = r.type_id AND lower(t.topic_name) = lower(m.subject)
        WHERE um.user_profile_id = $1 AND um.message_id = ANY($2::int[]) AND (um.flags & $3) = 0
          AND NOT EXISTS (SELECT 1 FROM ${mutedUserRelation('mu')} WHERE mu.user_profile_id = u.id AND mu.muted_user_id = m.sender_id)
        ORDER BY um.message_id`,
      [userId, messageIds, READ_OR_HISTORICAL],
    );
    return rows.map((row) => ({
      ...candidateRow({ ...row, id: userId }),
      messageId: row.message_id,
      flags: row.flags,
      isPrivate: row.type !== 2,
    }));
  }

  /** The cheap read before any transaction: is any batch due? */
  async anyDue(): Promise<boolean> {
    const rows = await this.database.query(`SELECT 1 FROM missed_message_email WHERE scheduled_timestamp <= now() AND NOT settled LIMIT 1`);
    return rows.length > 0;
  }

  /**
   * In the caller's transaction: one user's due batch, claimed for this transaction. A
   * per-user advisory lock makes the batch one process's whole (two processes never split a
   * user's rows into two emails); the rows are locked too, and the caller deletes them.
   * Null when every due batch is being sent by another process.
   */
  async claimDueBatch(): Promise<{ userId: number; rows: PendingRow[] } | null> {
    const rows = await this.database.query<{ user_profile_id: number; message_id: number; trigger: EmailTrigger }>(
      `WITH due AS (SELECT DISTINCT user_profile_id FROM missed_message_email WHERE scheduled_timestamp <= now() AND NOT settled),
            picked AS (SELECT user_profile_id FROM due WHERE pg_try_advisory_xact_lock($1, user_profile_id) LIMIT 1)
       SELECT m.user_profile_id, m.message_id, m.trigger
         FROM missed_message_email m JOIN picked p ON p.user_profile_id = m.user_profile_id
        WHERE m.scheduled_timestamp <= now() AND NOT m.settled
        ORDER BY m.message_id
          FOR UPDATE OF m SKIP LOCKED`,
      [BATCH_LOCK_NAMESPACE],
    );
    if (rows.length === 0) return null;
    return { userId: rows[0].user_profile_id, rows: rows.map((row) => ({ messageId: row.message_id, trigger: row.trigger })) };
  }

  /**
   * A claimed batch is done with (emailed, or nothing left to say): its rows stay, settled,
   * so that the same message never notifies the user again (an expired queue still
   * holding it, an edit), until SETTLED_RETENTION_SECONDS have passed.
   */
  async settlePending(userId: number, messageIds: readonly number[]): Promise<void> {
    await this.database.query(`UPDATE missed_message_email SET settled = true WHERE user_profile_id = $1 AND message_id = ANY($2::int[])`, [
      userId,
      messageIds,
    ]);
  }

  /** Settled rows past their use: no queue still holds their message unfetched. */
  async forgetSettled(): Promise<void> {
    await this.database.query(
      `DELETE FROM missed_message_email WHERE settled AND scheduled_timestamp < now() - make_interval(secs => $1)`,
      [SETTLED_RETENTION_SECONDS],
    );
  }

  /**
   * The messages of a batch the user still has unread (deleted messages are gone, their
   * rows with them), with what the email shows.
   */
  unreadMessages(userId: number, messageIds: readonly number[]): Promise<StoredMissedMessage[]> {
    return this.messagesOf(userId, `um.message_id = ANY($2::int[]) AND (um.flags & 1) = 0 ORDER BY m.id`, [messageIds]);
  }

  /**
   * Zulip's get_context_for_message: up to five earlier messages of the same topic sent at
   * most 15 minutes before it, read or not. Only messages the user received (Zulip's
   * bulk_access_messages would also show a public channel's history from before they joined).
   */
  contextOf(userId: number, message: { id: number; recipientId: number; topic: string }): Promise<StoredMissedMessage[]> {
    return this.messagesOf(
      userId,
      `m.recipient_id = $2 AND lower(m.subject) = lower($3) AND m.id < $4
         AND m.date_sent > (SELECT prior.date_sent FROM ${messageRelation('prior')} WHERE prior.id = $4) - interval '15 minutes'
       ORDER BY m.id DESC LIMIT 5`,
      [message.recipientId, message.topic, message.id],
    );
  }

  private async messagesOf(userId: number, condition: string, params: unknown[]): Promise<StoredMissedMessage[]> {
    const rows = await this.database.query<{
      id: number;
      flags: number;
      recipient_type: number;
      recipient_id: number;
      stream_id: number | null;
      stream_name: string | null;
      subject: string;
      sender_id: number;
      sender_name: string;
      content: string;
      rendered_content: string | null;
      others: { id: number; full_name: string }[] | string | null;
    }>(
      `SELECT m.id, um.flags, r.type AS recipient_type, m.recipient_id, st.id AS stream_id, st.name AS stream_name, m.subject,
              m.sender_id, su.full_name AS sender_name, m.content, m.rendered_content,
              CASE WHEN r.type = 1 THEN json_build_array(json_build_object('id', su.id, 'full_name', su.full_name))
                   WHEN r.type = 3 THEN (SELECT json_agg(json_build_object('id', o.id, 'full_name', o.full_name) ORDER BY o.id)
                                           FROM ${subscriptionRelation('g')} JOIN ${userProfileRelation('o')} ON o.id = g.user_profile_id
                                          WHERE g.recipient_id = m.recipient_id AND g.user_profile_id <> $1) END AS others
         FROM ${userMessageRelation('um')}
         JOIN ${messageRelation('m')} ON m.id = um.message_id
         JOIN ${recipientRelation('r')} ON r.id = m.recipient_id
         JOIN ${userProfileRelation('su')} ON su.id = m.sender_id
         LEFT JOIN ${streamRelation('st')} ON r.type = 2 AND st.id = r.type_id
        WHERE um.user_profile_id = $1 AND ${condition}`,
      [userId, ...params],
    );
    return rows.map((row) => {
      const others = (typeof row.others === 'string' ? JSON.parse(row.others) : (row.others ?? [])) as { id: number; full_name: string }[];
      return {
        id: row.id,
        mentioned: (row.flags & ANY_MENTION_BITS) !== 0,
        recipientType: row.recipient_type,
        recipientId: row.recipient_id,
        streamId: row.stream_id,
        streamName: row.stream_name,
        topic: row.subject,
        senderId: row.sender_id,
        senderName: row.sender_name,
        content: row.content,
        renderedContent: row.rendered_content ?? '',
        otherParticipants: others.map((other) => ({ id: other.id, fullName: other.full_name })),
      };
    });
  }

  /**
   * How many active human accounts of active organizations share this address
   * (realm_name_in_email_notifications_policy "automatic", Zulip's
   * include_realm_name_in_missedmessage_emails_subject).
   */
  async accountsWithEmail(email: string): Promise<number> {
    const [row] = await this.database.query<{ count: string | number }>(
      `SELECT count(*) AS count FROM ${userProfileRelation('u')} JOIN ${realmRelation('r')} ON r.id = u.realm_id
        WHERE lower(u.delivery_email) = lower($1) AND u.is_active AND NOT u.is_bot AND NOT r.deactivated`,
      [email],
    );
    return Number(row.count);
  }
}
