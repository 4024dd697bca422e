import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { SubscriptionNoticesEvent } from '../../channels/events/channel-notice-events';
import { FollowUp } from '../../platform/events/outbox/on-committed';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { UserRow } from '../../users/public/user-row';
import { UserDirectory } from '../../users/queries/user-directory';
import { Actor } from '../../shared/actor';
import { SendMessageCommand } from '../commands/send-message.command';

/** Zulip's topic for new-channel announcements. */
export const NEW_CHANNELS_TOPIC = 'new channels';

/** Zulip's `silent_mention_syntax_for_user`. */
function silentMention(user: { id: number; fullName: string }): string {
  return `@_**${user.fullName}|${user.id}**`;
}

/** The announcement in the realm's new-channel announcements channel. */
export function newChannelsAnnouncement(actor: { id: number; fullName: string }, channelNames: readonly string[]): string {
  const links = channelNames.map((name) => `#**${name}**`).join(', ');
  return channelNames.length > 1
    ? `${silentMention(actor)} created the following channels: ${links}.`
    : `${silentMention(actor)} created a new channel ${links}.`;
}

/** Zulip's `you_were_just_subscribed_message`. */
export function subscribedYouMessage(actor: { id: number; fullName: string }, channelNames: readonly string[]): string {
  const names = [...channelNames].sort();
  if (names.length === 1) return `${silentMention(actor)} subscribed you to #**${names[0]}**.`;
  return `${silentMention(actor)} subscribed you to the following channels:\n\n${names.map((name) => `* #**${name}**\n`).join('')}`;
}

/**
 * The notification bot's messages after a subscribe, sent through the ordinary send path
 * once the subscriptions are committed (as Zulip sends them after the change). A failure
 * here cannot undo the subscribe, so it is logged.
 */
@Injectable()
export class SubscriptionNoticesEffects {
  private readonly logger = new Logger(SubscriptionNoticesEffects.name);

  constructor(
    private readonly commandBus: CommandBus,
    private readonly realms: RealmDirectory,
    private readonly users: UserDirectory,
    private readonly channels: ChannelDirectory,
  ) {}

  @FollowUp(SubscriptionNoticesEvent)
  async post(event: SubscriptionNoticesEvent): Promise<void> {
    try {
      await this.send(event);
    } catch (error) {
      this.logger.error(`subscription notices for realm ${event.realmId} failed: ${(error as Error).message}`);
    }
  }

  private async send(event: SubscriptionNoticesEvent): Promise<void> {
    const realm = await this.realms.requireById(event.realmId);
    const bot = realm.notificationBotId === null ? null : await this.users.findById(realm.notificationBotId);
    if (!bot) return;
    const sender = asSender(bot);
    for (const notice of event.subscribedByOthers) {
      await this.commandBus.execute(
        new SendMessageCommand(sender, { kind: 'private', to: [notice.userId] }, subscribedYouMessage(event.actor, notice.channelNames), 'Internal', undefined, null),
      );
    }
    if (event.announcedChannels.length === 0 || realm.newStreamAnnouncementsStreamId === null) return;
    // Zulip's `get_new_stream_announcements_stream`: an archived channel announces nothing.
    const channel = await this.channels.findById(realm.id, realm.newStreamAnnouncementsStreamId);
    if (!channel || channel.deactivated) return;
    await this.commandBus.execute(
      new SendMessageCommand(
        sender,
        { kind: 'stream', channel: channel.id, topic: NEW_CHANNELS_TOPIC },
        newChannelsAnnouncement(event.actor, event.announcedChannels.map((created) => created.name)),
        'Internal',
        undefined,
        null,
        { readBy: [event.actor.id] },
      ),
    );
  }
}

export function asSender(bot: UserRow): Actor {
  return {
    id: bot.id,
    realmId: bot.realmId,
    role: bot.role,
    isBot: bot.isBot,
    botType: bot.botType,
    deliveryEmail: bot.deliveryEmail,
    fullName: bot.fullName,
  };
}
