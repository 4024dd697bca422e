import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';

/** Deleting messages (their rows go with them), and what the deletion reads first. */
@Injectable()
export class MessageDeletionStore {
  constructor(private readonly database: Database) {}

  /** The messages' topics as stored, by id. */
  subjects(messageIds: readonly number[]): Promise<{ id: number; subject: string }[]> {
    return this.database.query<{ id: number; subject: string }>(
      `SELECT id, subject FROM message WHERE id = ANY($1::int[]) ORDER BY id`,
      [messageIds],
    );
  }

  /** Who has a row of each message, by message then user. */
  holders(messageIds: readonly number[]): Promise<{ message_id: number; user_profile_id: number }[]> {
    return this.database.query<{ message_id: number; user_profile_id: number }>(
      `SELECT message_id, user_profile_id FROM user_message WHERE message_id = ANY($1::int[]) ORDER BY message_id, user_profile_id`,
      [messageIds],
    );
  }

  async delete(messageIds: readonly number[]): Promise<void> {
    await this.database.query(`DELETE FROM message WHERE id = ANY($1::int[])`, [messageIds]);
  }

  /**
   * The newest `limit` messages of a channel's topic, locked, newest first; with
   * `onlyHeldBy`, only those that user has a row of.
   */
  async lockTopicBatch(recipientId: number, topic: string, onlyHeldBy: number | null, limit: number): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT m.id FROM message m
        WHERE m.recipient_id = $1 AND lower(m.subject) = lower($2)
          AND ($3::int IS NULL OR EXISTS (
                SELECT 1 FROM user_message um WHERE um.message_id = m.id AND um.user_profile_id = $3))
        ORDER BY m.id DESC LIMIT $4 FOR UPDATE`,
      [recipientId, topic, onlyHeldBy, limit],
    );
    return rows.map((row) => row.id);
  }

  /** The newest message of a channel's topic, locked, with its age in seconds. */
  async lockLastInTopic(recipientId: number, topic: string): Promise<{ id: number; sender_id: number; content: string; age: number } | undefined> {
    const [last] = await this.database.query<{ id: number; sender_id: number; content: string; age: number }>(
      `SELECT id, sender_id, content, extract(epoch FROM now() - date_sent)::float8 AS age
         FROM message WHERE recipient_id = $1 AND lower(subject) = lower($2)
        ORDER BY id DESC LIMIT 1 FOR UPDATE`,
      [recipientId, topic],
    );
    return last;
  }
}
