import { Injectable } from '@nestjs/common';
import { FirstMessageRefresher } from '../../channels/commands/first-message.refresher';
import { TopicMessagesDeletedEvent } from '../../channels/events/channel-update-events';
import { ChannelViewers } from '../../channels/queries/channel-viewers';
import { StreamRow } from '../../channels/public/stream-row';
import { DirectMessageDeletedEvent } from '../events/direct-message-deleted';
import { MessagesDeletedEvent } from '../events/messages-deleted.event';
import { Database } from '../../platform/database/database';
import { MessageDeletionStore } from '../persistence/message-deletion.store';
import { MessageEditStore } from '../persistence/message-edit.store';

/**
 * Removing messages and telling those who had them, whoever asks: a user's
 * `DELETE /messages/{id}` and the retention job. The caller holds the rows locked.
 */
@Injectable()
export class MessageDeletion {
  constructor(
    private readonly viewers: ChannelViewers,
    private readonly firstMessage: FirstMessageRefresher,
    private readonly database: Database,
    private readonly store: MessageDeletionStore,
    private readonly edits: MessageEditStore,
  ) {}

  /**
   * Messages of one channel: one `delete_message` event per topic (named as its newest
   * deleted message spells it) to the channel's subscribers, and a new first message.
   */
  async deleteChannelMessages(stream: StreamRow, messageIds: readonly number[]): Promise<void> {
    if (messageIds.length === 0) return;
    const rows = await this.store.subjects(messageIds);
    const topics = new Map<string, { subject: string; ids: number[] }>();
    for (const row of rows) {
      const key = row.subject.toLowerCase();
      const topic = topics.get(key);
      if (topic) {
        topic.ids.push(row.id);
        topic.subject = row.subject;
      } else {
        topics.set(key, { subject: row.subject, ids: [row.id] });
      }
    }
    const ids = rows.map((row) => row.id);
    await this.store.delete(ids);
    this.database.record(new MessagesDeletedEvent(stream.realmId, ids));
    // Zulip tells the channel's subscribers, as a deleted topic's messages are told.
    const subscribers = await this.viewers.subscriberIds(stream.recipientId);
    for (const topic of topics.values()) {
      this.database.record(new TopicMessagesDeletedEvent(stream.realmId, stream.id, topic.subject, topic.ids, subscribers));
    }
    await this.refreshFirstMessage(stream, ids);
  }

  /** After messages of the channel were deleted: a new first message if its first was among them. */
  async refreshFirstMessage(stream: StreamRow, deletedIds: readonly number[]): Promise<void> {
    if (!this.firstMessage.lost(stream, deletedIds)) return;
    await this.firstMessage.set(stream, await this.edits.firstMessageId(stream.recipientId as number));
  }

  /** Direct messages: each told to every user who had it (read before the delete cascades). */
  async deleteDirectMessages(realmId: number, messageIds: readonly number[]): Promise<void> {
    if (messageIds.length === 0) return;
    const holders = await this.store.holders(messageIds);
    await this.store.delete(messageIds);
    this.database.record(new MessagesDeletedEvent(realmId, messageIds));
    const byMessage = new Map<number, number[]>(messageIds.map((id) => [id, []]));
    for (const row of holders) byMessage.get(row.message_id)?.push(row.user_profile_id);
    for (const [messageId, userIds] of [...byMessage].sort(([a], [b]) => a - b)) {
      this.database.record(new DirectMessageDeletedEvent(realmId, messageId, userIds));
    }
  }
}
