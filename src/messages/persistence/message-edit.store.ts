import { Injectable } from '@nestjs/common';
import { Role } from '../../shared/roles';
import { contentFacts, factColumns } from '../domain/message-content-facts';
import { EditHistoryEntry } from '../domain/message-edit-rules';
import { Database } from '../../platform/database/database';
import { subscriptionRelation } from '../../channels/public/read-relations';
import { realmRelation } from '../../realm/public/read-relations';
import { userTopicRelation } from '../../user-topics/public/read-relations';
import { userProfileRelation } from '../../users/public/read-relations';

/** The edited message, read under a row lock. */
export interface EditedMessageRow {
  id: number;
  realm_id: number;
  sender_id: number;
  recipient_id: number;
  subject: string;
  content: string;
  rendered_content: string | null;
  rendered_content_version: number | null;
  age: number;
  edit_history: EditHistoryEntry[] | null;
  is_channel_message: boolean;
  properties: Record<string, unknown>;
  realm_str: string;
}

/** The columns one edit writes on the messages it changes. */
export interface MessageChange {
  ids: readonly number[];
  entry: EditHistoryEntry;
  /** The new topic, when it changed. */
  subject?: string;
  /** The new channel's recipient, when it changed. */
  recipientId?: number;
  /** Content edits set `last_edit_time`; true moves set `last_moved_time`. */
  contentEdited: boolean;
  moved: boolean;
  at: Date;
}

/** SQL of message edits and moves; every method runs inside the caller's transaction. */
@Injectable()
export class MessageEditStore {
  constructor(private readonly database: Database) {}

  async lock(messageId: number): Promise<EditedMessageRow | undefined> {
    const [row] = await this.database.query<EditedMessageRow>(
      `SELECT m.id, m.realm_id, m.sender_id, m.recipient_id, m.subject, m.content, m.rendered_content,
              m.rendered_content_version, extract(epoch FROM now() - m.date_sent)::float8 AS age,
              m.edit_history, m.is_channel_message, realm.properties, realm.string_id AS realm_str
         FROM message m JOIN ${realmRelation('realm')} ON realm.id = m.realm_id
        WHERE m.id = $1 FOR UPDATE OF m`,
      [messageId],
    );
    return row;
  }

  /** Messages of a topic (case-insensitive), optionally only those `userId` has a row for. */
  async topicMessages(
    recipientId: number,
    topic: string,
    options: { afterId?: number; onlyRowsOf?: number; excludeIds?: readonly number[]; limit?: number } = {},
  ): Promise<{ id: number; age: number }[]> {
    const params: unknown[] = [recipientId, topic];
    let where = `m.recipient_id = $1 AND lower(m.subject) = lower($2) AND m.is_channel_message`;
    if (options.afterId !== undefined) {
      params.push(options.afterId);
      where += ` AND m.id > $${params.length}`;
    }
    if (options.excludeIds && options.excludeIds.length > 0) {
      params.push(options.excludeIds);
      where += ` AND m.id <> ALL($${params.length}::int[])`;
    }
    if (options.onlyRowsOf !== undefined) {
      params.push(options.onlyRowsOf);
      where += ` AND EXISTS (SELECT 1 FROM user_message um WHERE um.message_id = m.id AND um.user_profile_id = $${params.length})`;
    }
    const rows = await this.database.query<{ id: number; age: number }>(
      `SELECT m.id, extract(epoch FROM now() - m.date_sent)::float8 AS age FROM message m WHERE ${where} ORDER BY m.id${
        options.limit === undefined ? '' : ` LIMIT ${Math.floor(options.limit)}`
      }`,
      params,
    );
    return rows.map((row) => ({ id: row.id, age: Number(row.age) }));
  }

  /** New content, and the `has:` columns that follow from it (as a send sets them). */
  async updateContent(messageId: number, content: string, rendered: string): Promise<void> {
    await this.database.query(
      `UPDATE message SET content = $2, rendered_content = $3, rendered_content_version = 1,
              has_link = $4, has_image = $5, has_attachment = $6
        WHERE id = $1`,
      [messageId, content, rendered, ...factColumns(contentFacts(content, rendered))],
    );
  }

  /** Topic, channel, edit history and edit times of the changed messages. */
  async apply(change: MessageChange): Promise<void> {
    if (change.ids.length === 0) return;
    await this.database.query(
      `UPDATE message SET
         edit_history = $2::jsonb || COALESCE(edit_history, '[]'::jsonb),
         subject = COALESCE($3, subject),
         recipient_id = COALESCE($4, recipient_id),
         last_edit_time = CASE WHEN $5 THEN $7 ELSE last_edit_time END,
         last_moved_time = CASE WHEN $6 THEN $7 ELSE last_moved_time END
       WHERE id = ANY($1::int[])`,
      [change.ids, JSON.stringify([change.entry]), change.subject ?? null, change.recipientId ?? null, change.contentEdited, change.moved, change.at],
    );
  }

  /** Every user with a `user_message` row for the message, with their flags. */
  async holders(messageId: number): Promise<{ userId: number; flags: number }[]> {
    const rows = await this.database.query<{ user_profile_id: number; flags: number }>(
      `SELECT user_profile_id, flags FROM user_message WHERE message_id = $1 ORDER BY user_profile_id`,
      [messageId],
    );
    return rows.map((row) => ({ userId: row.user_profile_id, flags: row.flags }));
  }

  /** Subscribers of a channel. `everRows`: every subscription row, active or not. */
  async subscribers(
    recipientId: number,
    options: { everRows?: boolean; includeDeactivatedUsers?: boolean } = {},
  ): Promise<{ userId: number; isGuest: boolean }[]> {
    const conditions = ['s.recipient_id = $1'];
    if (!options.everRows) conditions.push('s.active');
    if (!options.everRows && !options.includeDeactivatedUsers) conditions.push('s.is_user_active');
    const rows = await this.database.query<{ user_profile_id: number; role: number }>(
      `SELECT s.user_profile_id, u.role FROM ${subscriptionRelation('s')} JOIN ${userProfileRelation('u')} ON u.id = s.user_profile_id
        WHERE ${conditions.join(' AND ')} ORDER BY s.user_profile_id`,
      [recipientId],
    );
    return rows.map((row) => ({ userId: row.user_profile_id, isGuest: row.role === Role.Guest }));
  }

  async deleteRows(userIds: readonly number[], messageIds: readonly number[]): Promise<void> {
    if (userIds.length === 0 || messageIds.length === 0) return;
    await this.database.query(`DELETE FROM user_message WHERE user_profile_id = ANY($1::int[]) AND message_id = ANY($2::int[])`, [userIds, messageIds]);
  }

  /** Zulip's `bulk_insert_all_ums`: rows for every pair, flag `read`; existing rows stay. */
  async insertReadRows(userIds: readonly number[], messageIds: readonly number[], readFlag: number): Promise<void> {
    if (userIds.length === 0 || messageIds.length === 0) return;
    await this.database.query(
      // The key-share locks hold off the messages' deletion until these rows are committed (see the cascade trigger).
      `INSERT INTO user_message (user_profile_id, message_id, flags)
       SELECT u, m.id, $3 FROM unnest($1::int[]) AS u
         CROSS JOIN (SELECT id FROM message WHERE id = ANY($2::int[]) ORDER BY id FOR KEY SHARE) m
       ON CONFLICT DO NOTHING`,
      [userIds, messageIds, readFlag],
    );
  }

  /** Visibility policies set for a topic, by user. */
  async topicPolicies(streamId: number, topic: string): Promise<Map<number, number>> {
    const rows = await this.database.query<{ user_profile_id: number; visibility_policy: number }>(
      `SELECT t.user_profile_id, t.visibility_policy FROM ${userTopicRelation('t')} WHERE t.stream_id = $1 AND lower(t.topic_name) = lower($2)`,
      [streamId, topic],
    );
    return new Map(rows.map((row) => [row.user_profile_id, row.visibility_policy]));
  }

  /** The smallest message id of a channel now. */
  async firstMessageId(recipientId: number): Promise<number | null> {
    const [row] = await this.database.query<{ first: number | null }>(`SELECT min(id) AS first FROM message WHERE recipient_id = $1`, [recipientId]);
    return row?.first ?? null;
  }
}
