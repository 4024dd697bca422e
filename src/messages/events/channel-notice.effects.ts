import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { CHANNEL_EVENTS_TOPIC } from '../../channels/public/channel-notices';
import { ChannelNoticeEvent } from '../../channels/events/channel-notice-events';
import { FollowUp } from '../../platform/events/outbox/on-committed';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { UserDirectory } from '../../users/queries/user-directory';
import { SendMessageCommand } from '../commands/send-message.command';
import { asSender } from './subscription-notices.effects';

/**
 * Posts the notification bot's notices in a channel's "channel events" topic, through
 * the ordinary send path. Archived channels take no notices. The change the notice
 * describes is committed already, so a failure is logged, not raised.
 */
@Injectable()
export class ChannelNoticeEffects {
  private readonly logger = new Logger(ChannelNoticeEffects.name);

  constructor(
    private readonly commandBus: CommandBus,
    private readonly realms: RealmDirectory,
    private readonly users: UserDirectory,
    private readonly channels: ChannelDirectory,
  ) {}

  @FollowUp(ChannelNoticeEvent)
  async post(event: ChannelNoticeEvent): Promise<void> {
    try {
      const realm = await this.realms.requireById(event.realmId);
      const bot = realm.notificationBotId === null ? null : await this.users.findById(realm.notificationBotId);
      const channel = await this.channels.findById(event.realmId, event.streamId);
      if (!bot || !channel || channel.deactivated) return;
      await this.commandBus.execute(
        new SendMessageCommand(
          asSender(bot),
          { kind: 'stream', channel: channel.id, topic: CHANNEL_EVENTS_TOPIC },
          event.content,
          'Internal',
          undefined,
          null,
          { readBy: event.markReadFor },
        ),
      );
    } catch (error) {
      this.logger.error(`channel notice for channel ${event.streamId} failed: ${(error as Error).message}`);
    }
  }
}
