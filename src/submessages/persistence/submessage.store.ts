import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { FLAG_BITS } from '../../shared/message-flags';

/** `submessage` rows, and what adding one reads of its message and who has it. */
@Injectable()
export class SubmessageStore {
  constructor(private readonly database: Database) {}

  /** The message a submessage goes to, locked: its sender and topic. */
  lockMessage(messageId: number): Promise<{ sender_id: number; subject: string }[]> {
    return this.database.query<{ sender_id: number; subject: string }>(
      `SELECT sender_id, subject FROM message WHERE id = $1 FOR UPDATE`,
      [messageId],
    );
  }

  /** Whether the user has a submessage on the message. */
  startedBy(messageId: number, senderId: number): Promise<Record<string, unknown>[]> {
    return this.database.query<Record<string, unknown>>(
      `SELECT 1 FROM submessage WHERE message_id = $1 AND sender_id = $2 LIMIT 1`,
      [messageId, senderId],
    );
  }

  /** The message's widget submessage, if any. */
  widgetOf(messageId: number): Promise<{ content: string }[]> {
    return this.database.query<{ content: string }>(
      `SELECT content FROM submessage WHERE message_id = $1 AND msg_type = 'widget' ORDER BY id LIMIT 1`,
      [messageId],
    );
  }

  /** A new submessage's id. */
  insert(messageId: number, senderId: number, msgType: string, content: string): Promise<{ id: number }[]> {
    return this.database.query<{ id: number }>(
      `INSERT INTO submessage (message_id, sender_id, msg_type, content) VALUES ($1, $2, $3, $4) RETURNING id`,
      [messageId, senderId, msgType, content],
    );
  }

  /** Who has a row of the message: who hears of its submessages. */
  holders(messageId: number): Promise<{ user_profile_id: number }[]> {
    return this.database.query<{ user_profile_id: number }>(
      `SELECT user_profile_id FROM user_message WHERE message_id = $1`,
      [messageId],
    );
  }

  /** A just-sent message's widget submessage; its id. */
  insertWidget(messageId: number, senderId: number, content: string): Promise<{ id: number }[]> {
    return this.database.query<{ id: number }>(
      `INSERT INTO submessage (message_id, sender_id, msg_type, content) VALUES ($1, $2, 'widget', $3) RETURNING id`,
      [messageId, senderId, content],
    );
  }

  /** Who has the message marked read and shares read receipts, the requester's muted users and the sender aside. */
  readers(messageId: number, requesterId: number): Promise<{ user_profile_id: number }[]> {
    return this.database.query<{ user_profile_id: number }>(
      `SELECT um.user_profile_id
           FROM user_message um
           JOIN message m ON m.id = um.message_id
           JOIN user_profile u ON u.id = um.user_profile_id
          WHERE um.message_id = $1
            AND (um.flags & ${FLAG_BITS.read}) <> 0
            AND u.is_active
            AND COALESCE((u.settings->>'send_read_receipts')::boolean, true)
            AND um.user_profile_id <> m.sender_id
            AND NOT EXISTS (SELECT 1 FROM muted_user mu WHERE mu.user_profile_id = um.user_profile_id AND mu.muted_user_id = $2)
            AND NOT EXISTS (SELECT 1 FROM muted_user mu WHERE mu.user_profile_id = $2 AND mu.muted_user_id = um.user_profile_id)
          ORDER BY um.user_profile_id`,
      [messageId, requesterId],
    );
  }
}
