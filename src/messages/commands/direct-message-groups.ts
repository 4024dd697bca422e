import { Injectable } from '@nestjs/common';
import { SubscriptionWrites } from '../../channels/commands/subscription-writes';
import { RecipientWrites } from '../../users/commands/recipient-writes';
import { directMessageGroupHash } from '../public/direct-message-group';
import { RecipientType } from '../../shared/recipient-type';
import { ConversationRepository } from '../persistence/conversation.repository';

/**
 * Group DM conversations as commands address them inside their own transaction (a message
 * or a draft to several users): the messages module's write facade, since the first use of
 * a group creates it, its recipient and its members' rows.
 */
@Injectable()
export class DirectMessageGroups {
  constructor(
    private readonly conversations: ConversationRepository,
    private readonly recipients: RecipientWrites,
    private readonly subscriptions: SubscriptionWrites,
  ) {}

  /** The recipient of the group DM among these users, created on first use. */
  async recipientOf(userIds: readonly number[]): Promise<number> {
    const members = [...new Set(userIds)].sort((a, b) => a - b);
    const hash = directMessageGroupHash(members);
    const groupId = await this.conversations.insertGroup(hash, members.length);
    if (groupId === null) return this.conversations.recipientByHash(hash);
    const recipientId = await this.recipients.create(RecipientType.DirectMessageGroup, groupId);
    await this.conversations.setGroupRecipient(groupId, recipientId);
    await this.subscriptions.addRecipientMembers(recipientId, members);
    return recipientId;
  }
}
