import { Injectable } from '@nestjs/common';
import { isGuest } from '../../shared/roles';
import { MessageAudienceFacts } from '../domain/reaction-audience';
import { Database } from '../../platform/database/database';

/** A message locked for a reaction change, with the acting user's row on it if any. */
export interface LockedMessage {
  id: number;
  realmId: number;
  recipientId: number;
  recipientType: number;
  recipientTypeId: number;
  subject: string;
  /** Null when the user never received it. */
  userFlags: number | null;
}

export interface StoredReaction {
  emojiName: string;
  emojiCode: string;
  reactionType: string;
}

/** The `reaction` table (Zulip's Reaction). */
@Injectable()
export class ReactionRepository {
  constructor(private readonly database: Database) {}

  /**
   * Locks the message row (Zulip's `lock_message`), so two requests reacting to one
   * message take turns, and reads the user's flags on it.
   */
  async lockMessage(messageId: number, userId: number): Promise<LockedMessage | null> {
    const [row] = await this.database.query<{
      id: number;
      realm_id: number;
      recipient_id: number;
      type: number;
      type_id: number;
      subject: string;
      flags: number | null;
    }>(
      `SELECT m.id, m.realm_id, m.recipient_id, r.type, r.type_id, m.subject,
              (SELECT um.flags FROM user_message um WHERE um.message_id = m.id AND um.user_profile_id = $2) AS flags
         FROM message m
         JOIN recipient r ON r.id = m.recipient_id
        WHERE m.id = $1
        FOR UPDATE OF m`,
      [messageId, userId],
    );
    if (!row) return null;
    return {
      id: row.id,
      realmId: row.realm_id,
      recipientId: row.recipient_id,
      recipientType: row.type,
      recipientTypeId: row.type_id,
      subject: row.subject,
      userFlags: row.flags,
    };
  }

  /** Zulip's `create_historical_user_messages`: a row for a message the user never received. */
  async addHistoricalRow(messageId: number, userId: number, flags: number): Promise<void> {
    await this.database.query(
      // The key-share lock holds off the message's deletion until this row is committed (see the cascade trigger).
      `INSERT INTO user_message (user_profile_id, message_id, flags)
       SELECT $1, m.id, $3 FROM (SELECT id FROM message WHERE id = $2 FOR KEY SHARE) m
       ON CONFLICT DO NOTHING`,
      [userId, messageId, flags],
    );
  }

  async find(messageId: number, userId: number, emojiCode: string, reactionType: string): Promise<StoredReaction | null> {
    const [row] = await this.database.query<{ emoji_name: string; emoji_code: string; reaction_type: string }>(
      `SELECT emoji_name, emoji_code, reaction_type FROM reaction
        WHERE message_id = $1 AND user_profile_id = $2 AND emoji_code = $3 AND reaction_type = $4`,
      [messageId, userId, emojiCode, reactionType],
    );
    return row ? { emojiName: row.emoji_name, emojiCode: row.emoji_code, reactionType: row.reaction_type } : null;
  }

  /** The name the message's first reaction with this emoji used, if anyone reacted with it. */
  async existingName(messageId: number, emojiCode: string, reactionType: string): Promise<string | null> {
    const [row] = await this.database.query<{ emoji_name: string }>(
      `SELECT emoji_name FROM reaction WHERE message_id = $1 AND emoji_code = $2 AND reaction_type = $3
        ORDER BY id LIMIT 1`,
      [messageId, emojiCode, reactionType],
    );
    return row?.emoji_name ?? null;
  }

  async insert(messageId: number, userId: number, reaction: StoredReaction): Promise<void> {
    await this.database.query(
      `INSERT INTO reaction (message_id, user_profile_id, emoji_name, emoji_code, reaction_type) VALUES ($1, $2, $3, $4, $5)`,
      [messageId, userId, reaction.emojiName, reaction.emojiCode, reaction.reactionType],
    );
  }

  async delete(messageId: number, userId: number, emojiCode: string, reactionType: string): Promise<void> {
    await this.database.query(
      `DELETE FROM reaction WHERE message_id = $1 AND user_profile_id = $2 AND emoji_code = $3 AND reaction_type = $4`,
      [messageId, userId, emojiCode, reactionType],
    );
  }

  /** Who holds a row for the message (active users only), and the channel's active subscribers. */
  async audienceFacts(
    message: LockedMessage,
    channel: MessageAudienceFacts['channel'],
  ): Promise<MessageAudienceFacts> {
    const holders = await this.database.query<{ id: number; role: number }>(
      `SELECT u.id, u.role FROM user_message um JOIN user_profile u ON u.id = um.user_profile_id
        WHERE um.message_id = $1 AND u.is_active`,
      [message.id],
    );
    const subscribers =
      channel === null
        ? []
        : await this.database.query<{ user_profile_id: number }>(
            `SELECT user_profile_id FROM subscription WHERE recipient_id = $1 AND active AND is_user_active`,
            [message.recipientId],
          );
    return {
      channel,
      rowHolders: holders.map((holder) => ({ userId: holder.id, isGuest: isGuest(holder.role) })),
      subscriberIds: subscribers.map((row) => row.user_profile_id),
    };
  }
}
