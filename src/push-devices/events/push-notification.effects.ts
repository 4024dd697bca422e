import { Injectable, Logger } from '@nestjs/common';
import { MessageFlagsUpdatedEvent } from '../../messages/events/message-flags-updated.event';
import { MessageSentEvent } from '../../messages/events/message-sent.event';
import { FollowUp } from '../../platform/events/outbox/on-committed';
import { PushNotifier } from '../commands/push-notifier';

/**
 * A committed message may owe push notifications, and messages marked read their
 * removal. Follow-ups, not plain committed-event handlers: the requests are written before
 * the commit's outbox row is done with, so a process killed after the message committed
 * still queues them (a sweep runs the follow-up again; a (user, message) is notified once).
 * With push notifications off they return at once.
 */
@Injectable()
export class PushNotificationEffects {
  private readonly logger = new Logger(PushNotificationEffects.name);

  constructor(private readonly notifier: PushNotifier) {}

  @FollowUp(MessageSentEvent)
  async messageSent(event: MessageSentEvent): Promise<void> {
    try {
      await this.notifier.messageSent(event);
    } catch (error) {
      this.logger.error(`push notifications for message ${event.message.id}: ${(error as Error).message}`);
    }
  }

  @FollowUp(MessageFlagsUpdatedEvent)
  async flagsUpdated(event: MessageFlagsUpdatedEvent): Promise<void> {
    if (event.flag !== 'read' || event.op !== 'add') return;
    try {
      await this.notifier.messagesRead(event.userId, event.all ? null : event.messageIds);
    } catch (error) {
      this.logger.error(`removing push notifications of user ${event.userId}: ${(error as Error).message}`);
    }
  }
}
