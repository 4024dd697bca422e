import { Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TopicMessagesDeletedEvent } from '../../channels/events/channel-update-events';
import { MessageDeletion } from './message-deletion';
import { MessageDeletionStore } from '../persistence/message-deletion.store';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { ChannelViewers } from '../../channels/queries/channel-viewers';
import { SubscriberDirectory } from '../../channels/queries/subscriber-directory';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { UserDirectory } from '../../users/queries/user-directory';
import { isResolutionNotice } from '../domain/message-move-notices';
import { asSender } from './post-subscription-notices.handler';
import { SendMessageCommand } from './send-message.command';
import { Database } from '../../platform/database/database';

/** Zulip's `RESOLVE_TOPIC_UNDO_GRACE_PERIOD_SECONDS`. */
export const RESOLVE_UNDO_GRACE_SECONDS = 60;

/**
 * The notification bot posts `content` in one topic of a channel, as a follow-up of an
 * edit (move breadcrumbs, resolve-topic notices). Read for `markReadFor`; when
 * `unreadOnlyFor` is set, read for every recipient but those (Zulip's
 * `limit_unread_user_ids`).
 */
export class PostTopicNoticeCommand {
  constructor(
    readonly realmId: number,
    readonly streamId: number,
    readonly topic: string,
    readonly content: string,
    readonly markReadFor: readonly number[],
    readonly unreadOnlyFor: readonly number[] | null = null,
    /**
     * A resolve-topic notice: when the topic's last message is such a notice from within
     * the grace period, that notice is deleted instead (an undo), and nothing is posted.
     */
    readonly resolution = false,
  ) {}
}

@CommandHandler(PostTopicNoticeCommand)
export class PostTopicNoticeHandler implements ICommandHandler<PostTopicNoticeCommand, void> {
  private readonly logger = new Logger(PostTopicNoticeHandler.name);

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

  async execute(command: PostTopicNoticeCommand): Promise<void> {
    try {
      const realm = await this.realms.requireById(command.realmId);
      const bot = realm.notificationBotId === null ? null : await this.users.findById(realm.notificationBotId);
      const channel = await this.channels.findById(command.realmId, command.streamId);
      if (!bot || !channel || channel.deactivated || channel.recipientId === null) return;
      if (command.resolution && (await this.undoRecentResolution(command, bot.id))) return;
      let readBy = [...command.markReadFor];
      if (command.unreadOnlyFor !== null) {
        const subscribers = (await this.subscriptions.subscriberIds([channel.recipientId])).get(channel.recipientId) ?? [];
        readBy = subscribers.filter((id) => !command.unreadOnlyFor?.includes(id));
      }
      await this.commandBus.execute(
        new SendMessageCommand(asSender(bot), { kind: 'stream', channel: channel.id, topic: command.topic }, command.content, 'Internal', undefined, null, {
          readBy,
        }),
      );
    } catch (error) {
      this.logger.error(`topic notice in channel ${command.streamId} failed: ${(error as Error).message}`);
    }
  }

  /** Zulip's `maybe_delete_previous_resolve_topic_notification`. */
  private async undoRecentResolution(command: PostTopicNoticeCommand, botId: number): Promise<boolean> {
    return this.tx.run(async () => {
      const channel = await this.channels.findById(command.realmId, command.streamId);
      if (!channel || channel.recipientId === null) return false;
      const last = await this.deletions.lockLastInTopic(channel.recipientId, command.topic);
      if (!last || last.sender_id !== botId || !isResolutionNotice(last.content) || Number(last.age) > RESOLVE_UNDO_GRACE_SECONDS) {
        return false;
      }
      await this.deletions.delete([last.id]);
      const subscribers = await this.viewers.subscriberIds(channel.recipientId);
      this.database.record(new TopicMessagesDeletedEvent(command.realmId, channel.id, command.topic, [last.id], subscribers));
      await this.deletion.refreshFirstMessage(channel, [last.id]);
      return true;
    });
  }
}
