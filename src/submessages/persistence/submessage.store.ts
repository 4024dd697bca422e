import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { FLAG_BITS } from '../../shared/message-flags';
import { messageRelation, userMessageRelation } from '../../messages/public/read-relations';
import { mutedUserRelation } from '../../muted-users/public/read-relations';
import { userProfileRelation } from '../../users/public/read-relations';

/** `submessage` rows, and who has their message (who hears of them, who read it). */
@Injectable()
export class SubmessageStore {
  constructor(private readonly database: Database) {}

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
      `SELECT um.user_profile_id FROM ${userMessageRelation('um')} WHERE um.message_id = $1`,
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
           FROM ${userMessageRelation('um')}
           JOIN ${messageRelation('m')} ON m.id = um.message_id
           JOIN ${userProfileRelation('u')} ON u.id = um.user_profile_id
          WHERE um.message_id = $1
            AND (um.flags & ${FLAG_BITS.read}) <> 0
            AND u.is_active
            AND COALESCE((u.settings->>'send_read_receipts')::boolean, true)
            AND um.user_profile_id <> m.sender_id
            AND NOT EXISTS (SELECT 1 FROM ${mutedUserRelation('mu')} WHERE mu.user_profile_id = um.user_profile_id AND mu.muted_user_id = $2)
            AND NOT EXISTS (SELECT 1 FROM ${mutedUserRelation('mu')} WHERE mu.user_profile_id = $2 AND mu.muted_user_id = um.user_profile_id)
          ORDER BY um.user_profile_id`,
      [messageId, requesterId],
    );
  }
}
