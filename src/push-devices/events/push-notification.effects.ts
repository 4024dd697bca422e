import { Injectable, Logger } from '@nestjs/common';
import { MessageFlagsUpdatedEvent } from '../../messages/events/message-flags-updated.event';
import { MessageSentEvent } from '../../messages/events/message-sent.event';
import { MessageUpdatedEvent } from '../../messages/events/message-updated.event';
import { MessagesDeletedEvent } from '../../messages/events/messages-deleted.event';
import { FollowUp } from '../../platform/events/outbox/on-committed';
import { PushNotifier } from '../commands/push-notifier';

/**
 * A committed message, or a content edit that newly mentions someone, may owe push
 * notifications; messages marked read or deleted their removal. Follow-ups, not plain
 * committed-event handlers: the requests are written before the commit's outbox row is
 * done with, so a process killed after the change committed still queues them (a sweep
 * runs the follow-up again; a (user, message) is notified once). With push notifications
 * off they return at once.
 */
@Injectable()
export class PushNotificationEffects {
  private readonly logger = new Logger(PushNotificationEffects.name);

  constructor(private readonly notifier: PushNotifier) {}

  @FollowUp(MessageSentEvent)
  async messageSent(event: MessageSentEvent): Promise<void> {
    await this.logged(`push notifications for message ${event.message.id}`, this.notifier.messageSent(event));
  }

  @FollowUp(MessageUpdatedEvent)
  async messageUpdated(event: MessageUpdatedEvent): Promise<void> {
    // Moves and topic edits mention nobody anew.
    if (!event.priorMentionUserIds) return;
    await this.logged(`push notifications for the edit of message ${String(event.body.message_id)}`, this.notifier.messageEdited(event));
  }

  @FollowUp(MessageFlagsUpdatedEvent)
  async flagsUpdated(event: MessageFlagsUpdatedEvent): Promise<void> {
    if (event.flag !== 'read' || event.op !== 'add') return;
    await this.logged(`removing push notifications of user ${event.userId}`, this.notifier.messagesRead(event.userId, event.all ? null : event.messageIds));
  }

  @FollowUp(MessagesDeletedEvent)
  async messagesDeleted(event: MessagesDeletedEvent): Promise<void> {
    await this.logged(`removing push notifications of ${event.messageIds.length} deleted messages`, this.notifier.messagesDeleted(event));
  }

  /** A failure cannot undo the commit: it is logged. */
  private async logged(what: string, work: Promise<void>): Promise<void> {
    try {
      await work;
    } catch (error) {
      this.logger.error(`${what}: ${(error as Error).message}`);
    }
  }
}
