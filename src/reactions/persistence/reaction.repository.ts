import { Injectable } from '@nestjs/common';
import { isGuest } from '../../shared/roles';
import { MessageAudienceFacts } from '../domain/reaction-audience';
import { Database } from '../../platform/database/database';
import { subscriptionRelation } from '../../channels/public/read-relations';
import { userMessageRelation } from '../../messages/public/read-relations';
import { userProfileRelation } from '../../users/public/read-relations';

export interface StoredReaction {
  emojiName: string;
  emojiCode: string;
  reactionType: string;
}

/** The `reaction` table (Zulip's Reaction). */
@Injectable()
export class ReactionRepository {
  constructor(private readonly database: Database) {}

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
    message: { id: number; recipientId: number },
    channel: MessageAudienceFacts['channel'],
  ): Promise<MessageAudienceFacts> {
    const holders = await this.database.query<{ id: number; role: number }>(
      `SELECT u.id, u.role FROM ${userMessageRelation('um')} JOIN ${userProfileRelation('u')} ON u.id = um.user_profile_id
        WHERE um.message_id = $1 AND u.is_active`,
      [message.id],
    );
    const subscribers =
      channel === null
        ? []
        : await this.database.query<{ user_profile_id: number }>(
            `SELECT s.user_profile_id FROM ${subscriptionRelation('s')} WHERE s.recipient_id = $1 AND s.active AND s.is_user_active`,
            [message.recipientId],
          );
    return {
      channel,
      rowHolders: holders.map((holder) => ({ userId: holder.id, isGuest: isGuest(holder.role) })),
      subscriberIds: subscribers.map((row) => row.user_profile_id),
    };
  }
}
