import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { TopicMessagesDeletedEvent } from '../../channels/events/channel-update-events';
import { FollowUp } from '../../platform/events/outbox/on-committed';
import { MessageDeletion } from '../commands/message-deletion';
import { MessageDeletionStore } from '../persistence/message-deletion.store';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { ChannelViewers } from '../../channels/queries/channel-viewers';
import { SubscriberDirectory } from '../../channels/queries/subscriber-directory';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { UserDirectory } from '../../users/queries/user-directory';
import { isResolutionNotice } from '../domain/message-move-notices';
import { asSender } from './subscription-notices.effects';
import { SendMessageCommand } from '../commands/send-message.command';
import { TopicNoticeEvent } from './topic-notice.event';
import { Database } from '../../platform/database/database';

/** Zulip's `RESOLVE_TOPIC_UNDO_GRACE_PERIOD_SECONDS`. */
export const RESOLVE_UNDO_GRACE_SECONDS = 60;

/**
 * The notification bot's notices in one topic after an edit (TopicNoticeEvent), through
 * the ordinary send path. The edit is committed already, so a failure is logged, not raised.
 */
@Injectable()
export class TopicNoticeEffects {
  private readonly logger = new Logger(TopicNoticeEffects.name);

  constructor(
    private readonly commandBus: CommandBus,
    private readonly tx: TransactionRunner,
    private readonly realms: RealmDirectory,
    private readonly users: UserDirectory,
    private readonly channels: ChannelDirectory,
    private readonly viewers: ChannelViewers,
    private readonly subscriptions: SubscriberDirectory,
    private readonly deletion: MessageDeletion,
    private readonly deletions: MessageDeletionStore,
    private readonly database: Database,
  ) {}

  @FollowUp(TopicNoticeEvent)
  async post(event: TopicNoticeEvent): Promise<void> {
    try {
      const realm = await this.realms.requireById(event.realmId);
      const bot = realm.notificationBotId === null ? null : await this.users.findById(realm.notificationBotId);
      const channel = await this.channels.findById(event.realmId, event.streamId);
      if (!bot || !channel || channel.deactivated || channel.recipientId === null) return;
      if (event.resolution && (await this.undoRecentResolution(event, bot.id))) return;
      let readBy = [...event.markReadFor];
      if (event.unreadOnlyFor !== null) {
        const subscribers = (await this.subscriptions.subscriberIds([channel.recipientId])).get(channel.recipientId) ?? [];
        readBy = subscribers.filter((id) => !event.unreadOnlyFor?.includes(id));
      }
      await this.commandBus.execute(
        new SendMessageCommand(asSender(bot), { kind: 'stream', channel: channel.id, topic: event.topic }, event.content, 'Internal', undefined, null, {
          readBy,
        }),
      );
    } catch (error) {
      this.logger.error(`topic notice in channel ${event.streamId} failed: ${(error as Error).message}`);
    }
  }

  /** Zulip's `maybe_delete_previous_resolve_topic_notification`. */
  private async undoRecentResolution(event: TopicNoticeEvent, botId: number): Promise<boolean> {
    return this.tx.run(async () => {
      const channel = await this.channels.findById(event.realmId, event.streamId);
      if (!channel || channel.recipientId === null) return false;
      const last = await this.deletions.lockLastInTopic(channel.recipientId, event.topic);
      if (!last || last.sender_id !== botId || !isResolutionNotice(last.content) || Number(last.age) > RESOLVE_UNDO_GRACE_SECONDS) {
        return false;
      }
      await this.deletions.delete([last.id]);
      const subscribers = await this.viewers.subscriberIds(channel.recipientId);
      this.database.record(new TopicMessagesDeletedEvent(event.realmId, channel.id, event.topic, [last.id], subscribers));
      await this.deletion.refreshFirstMessage(channel, [last.id]);
      return true;
    });
  }
}
