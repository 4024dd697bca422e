import { Injectable } from '@nestjs/common';
import { subscriptionRelation } from '../../channels/public/read-relations';
import { Database } from '../../platform/database/database';
import { recipientRelation } from '../../users/public/read-relations';

/** A scheduled message as the scheduler and the edit path need it. */
export interface ScheduledMessageRow {
  id: number;
  realmId: number;
  senderId: number;
  recipientId: number;
  streamId: number | null;
  topic: string;
  content: string;
  renderedContent: string;
  sendingClient: string;
  readBySender: boolean;
  scheduledAt: Date;
  delivered: boolean;
  failed: boolean;
  failureMessage: string | null;
  /** Zulip's `get_recipient_ids`: the channel's id, or the direct message's users other than the sender (the sender alone to oneself). */
  to: number | number[];
}

/** What a new or edited scheduled message holds (checked and rendered by the send path). */
export interface ScheduledMessageFields {
  recipientId: number;
  streamId: number | null;
  topic: string;
  content: string;
  renderedContent: string;
  sendingClient: string;
  scheduledAt: Date;
}

interface RawRow {
  id: number;
  realm_id: number;
  sender_id: number;
  recipient_id: number;
  stream_id: number | null;
  subject: string;
  content: string;
  rendered_content: string;
  sending_client: string;
  read_by_sender: boolean;
  scheduled_timestamp: Date | string;
  delivered: boolean;
  failed: boolean;
  failure_message: string | null;
  recipient_type: number;
  recipient_type_id: number;
  group_others: number[] | null;
}

/**
 * The recipient's type (1 a person, 2 a channel, 3 a group) and, for a group, its other
 * members (the group's subscriptions), so that `to` is read as Zulip derives it.
 */
const COLUMNS = `s.*, r.type AS recipient_type, r.type_id AS recipient_type_id,
  CASE WHEN r.type = 3 THEN (SELECT array_agg(g.user_profile_id ORDER BY g.user_profile_id) FROM ${subscriptionRelation('g')}
                              WHERE g.recipient_id = s.recipient_id AND g.user_profile_id <> s.sender_id) END AS group_others`;

function toRow(raw: RawRow): ScheduledMessageRow {
  const to = raw.recipient_type === 2 ? raw.recipient_type_id : raw.recipient_type === 1 ? [raw.recipient_type_id] : (raw.group_others ?? []);
  return {
    id: raw.id,
    realmId: raw.realm_id,
    senderId: raw.sender_id,
    recipientId: raw.recipient_id,
    streamId: raw.stream_id,
    topic: raw.subject,
    content: raw.content,
    renderedContent: raw.rendered_content,
    sendingClient: raw.sending_client,
    readBySender: raw.read_by_sender,
    scheduledAt: new Date(raw.scheduled_timestamp),
    delivered: raw.delivered,
    failed: raw.failed,
    failureMessage: raw.failure_message,
    to,
  };
}

/** The `scheduled_message` table: SQL only; who may reach a row is the commands' concern. */
@Injectable()
export class ScheduledMessageStore {
  constructor(private readonly database: Database) {}

  /** Zulip's `get_undelivered_scheduled_messages`: the sender's, not yet sent (failed ones included), soonest first. */
  async undelivered(senderId: number): Promise<ScheduledMessageRow[]> {
    const rows = await this.database.query<RawRow>(
      `SELECT ${COLUMNS} FROM scheduled_message s JOIN ${recipientRelation('r')} ON r.id = s.recipient_id
        WHERE s.sender_id = $1 AND NOT s.delivered ORDER BY s.scheduled_timestamp, s.id`,
      [senderId],
    );
    return rows.map(toRow);
  }

  /** One of the sender's scheduled messages, locked for the caller's transaction (null: none of theirs). */
  async lockOwn(senderId: number, id: number): Promise<ScheduledMessageRow | null> {
    const rows = await this.database.query<RawRow>(
      `SELECT ${COLUMNS} FROM scheduled_message s JOIN ${recipientRelation('r')} ON r.id = s.recipient_id
        WHERE s.id = $1 AND s.sender_id = $2 FOR UPDATE OF s`,
      [id, senderId],
    );
    return rows.length > 0 ? toRow(rows[0]) : null;
  }

  async insert(realmId: number, senderId: number, readBySender: boolean, fields: ScheduledMessageFields): Promise<ScheduledMessageRow> {
    const [inserted] = await this.database.query<{ id: number }>(
      `INSERT INTO scheduled_message (realm_id, sender_id, recipient_id, stream_id, subject, content, rendered_content,
         sending_client, read_by_sender, scheduled_timestamp)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
      [realmId, senderId, fields.recipientId, fields.streamId, fields.topic, fields.content, fields.renderedContent,
        fields.sendingClient, readBySender, fields.scheduledAt],
    );
    return (await this.lockOwn(senderId, inserted.id)) as ScheduledMessageRow;
  }

  /** Writes the edited message back; an edit clears a failure (Zulip's edit_scheduled_message). */
  async update(row: ScheduledMessageRow, fields: ScheduledMessageFields): Promise<ScheduledMessageRow> {
    await this.database.query(
      `WITH changed AS (
         UPDATE scheduled_message SET recipient_id = $2, stream_id = $3, subject = $4, content = $5, rendered_content = $6,
           sending_client = $7, scheduled_timestamp = $8, failed = false, failure_message = NULL
          WHERE id = $1 RETURNING id)
       SELECT id FROM changed`,
      [row.id, fields.recipientId, fields.streamId, fields.topic, fields.content, fields.renderedContent, fields.sendingClient, fields.scheduledAt],
    );
    return (await this.lockOwn(row.senderId, row.id)) as ScheduledMessageRow;
  }

  async delete(id: number): Promise<void> {
    await this.database.query(`WITH gone AS (DELETE FROM scheduled_message WHERE id = $1 RETURNING id) SELECT id FROM gone`, [id]);
  }

  /**
   * Whether any message is due: one read of the partial due index, outside any transaction,
   * so that the scheduler's sweeps cost next to nothing when nothing is due.
   */
  async anyDue(): Promise<boolean> {
    const rows = await this.database.query<{ due: number }>(
      `SELECT 1 AS due FROM scheduled_message WHERE NOT delivered AND NOT failed AND scheduled_timestamp <= now() LIMIT 1`,
    );
    return rows.length > 0;
  }

  /**
   * Claims the oldest due message for the caller's transaction: rows another process holds
   * are skipped, so processes claiming together each take a different one.
   */
  async claimDue(): Promise<ScheduledMessageRow | null> {
    const rows = await this.database.query<RawRow>(
      `SELECT ${COLUMNS} FROM scheduled_message s JOIN ${recipientRelation('r')} ON r.id = s.recipient_id
        WHERE s.id = (SELECT id FROM scheduled_message
                       WHERE NOT delivered AND NOT failed AND scheduled_timestamp <= now()
                       ORDER BY scheduled_timestamp, id LIMIT 1 FOR UPDATE SKIP LOCKED)`,
    );
    return rows.length > 0 ? toRow(rows[0]) : null;
  }

  /** The row again, locked, if it is still waiting to be sent (a failure is recorded once). */
  async lockPending(id: number): Promise<ScheduledMessageRow | null> {
    const rows = await this.database.query<RawRow>(
      `SELECT ${COLUMNS} FROM scheduled_message s JOIN ${recipientRelation('r')} ON r.id = s.recipient_id
        WHERE s.id = $1 AND NOT s.delivered AND NOT s.failed FOR UPDATE OF s`,
      [id],
    );
    return rows.length > 0 ? toRow(rows[0]) : null;
  }

  async markDelivered(id: number, messageId: number): Promise<void> {
    await this.database.query(
      `WITH done AS (UPDATE scheduled_message SET delivered = true, delivered_message_id = $2 WHERE id = $1 RETURNING id) SELECT id FROM done`,
      [id, messageId],
    );
  }

  async markFailed(id: number, failureMessage: string): Promise<void> {
    await this.database.query(
      `WITH done AS (UPDATE scheduled_message SET failed = true, failure_message = $2 WHERE id = $1 RETURNING id) SELECT id FROM done`,
      [id, failureMessage],
    );
  }
}
