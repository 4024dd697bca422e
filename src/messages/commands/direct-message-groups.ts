import { Injectable } from '@nestjs/common';
import { ConversationRepository } from '../persistence/conversation.repository';

/**
 * Group DM conversations as other modules' commands address them inside their own
 * transaction (a draft to several users): the messages module's write facade, since the
 * first use of a group creates its recipient.
 */
@Injectable()
export class DirectMessageGroups {
  constructor(private readonly conversations: ConversationRepository) {}

  /** The recipient of the group DM among these users, created on first use. */
  recipientOf(userIds: readonly number[]): Promise<number> {
    return this.conversations.groupRecipient(userIds);
  }
}
