import { Logger } from '@nestjs/common';
import { CommandBus, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TopicMessagesDeletedEvent } from '../../channels/events/channel-update-events';
import { FirstMessageRefresher } from '../../channels/commands/first-message.refresher';
import { ChannelRepository } from '../../channels/persistence/channel.repository';
import { ChannelViewers } from '../../channels/persistence/channel-viewers';
import { SubscriptionRepository } from '../../channels/persistence/subscription.repository';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmRepository } from '../../realm/persistence/realm.repository';
import { UserRepository } from '../../users/persistence/user.repository';
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
    private readonly realms: RealmRepository,
    private readonly users: UserRepository,
    private readonly channels: ChannelRepository,
    private readonly viewers: ChannelViewers,
    private readonly subscriptions: SubscriptionRepository,
    private readonly firstMessage: FirstMessageRefresher,
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
      const [last] = await this.database.query<{ id: number; sender_id: number; content: string; age: number }>(
        `SELECT id, sender_id, content, extract(epoch FROM now() - date_sent)::float8 AS age
           FROM message WHERE recipient_id = $1 AND lower(subject) = lower($2)
          ORDER BY id DESC LIMIT 1 FOR UPDATE`,
        [channel.recipientId, command.topic],
      );
      if (!last || last.sender_id !== botId || !isResolutionNotice(last.content) || Number(last.age) > RESOLVE_UNDO_GRACE_SECONDS) {
        return false;
      }
      await this.database.query(`DELETE FROM message WHERE id = $1`, [last.id]);
      const subscribers = await this.viewers.subscriberIds(channel.recipientId);
      this.database.record(new TopicMessagesDeletedEvent(command.realmId, channel.id, command.topic, [last.id], subscribers));
      await this.firstMessage.afterDelete(channel, [last.id]);
      return true;
    });
  }
}
