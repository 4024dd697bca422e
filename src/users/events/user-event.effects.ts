import { Injectable, Logger } from '@nestjs/common';
import { OnCommitted } from '../../events/outbox/on-committed';
import { EventQueueStore } from '../../events/queues/event-queue-store';
import { MailTransport } from '../../platform/mail/mail-transport';
import { EmailChangeRequestedEvent } from './settings-events';
import { UserDeactivatedEvent } from './user-events';

/**
 * What the users module's committed events set off besides client events. Each method
 * starts its work and returns; a failure is logged, never retried.
 */
@Injectable()
export class UserEventEffects {
  private readonly logger = new Logger(UserEventEffects.name);

  constructor(
    private readonly mail: MailTransport,
    private readonly store: EventQueueStore,
  ) {}

  /** Sends the confirmation mail of an email change, after the change request committed. */
  @OnCommitted(EmailChangeRequestedEvent)
  mailEmailChangeConfirmation(event: EmailChangeRequestedEvent): void {
    this.mail
      .send({
        to: event.newEmail,
        subject: `Verify your new email address for ${event.realmName}`,
        text: `We received a request to change the email address of your ${event.realmName} account to ${event.newEmail}.\n\n`
          + `Click the link below to confirm the change:\n${event.confirmationUrl}\n\n`
          + 'If you did not request this change, ignore this message.\n',
      })
      .catch((error: Error) => this.logger.error(`email-change mail to ${event.newEmail} failed: ${error.message}`));
  }

  /**
   * The deactivated account's own event queues end (its API key no longer authenticates a
   * poll anyway). Runs after `UserEventProjections.userDeactivated` (provider order).
   */
  @OnCommitted(UserDeactivatedEvent)
  endDeactivatedUserQueues(event: UserDeactivatedEvent): void {
    this.endQueues(event.userId).catch((error: Error) => this.logger.error(`ending queues of user ${event.userId} failed: ${error.message}`));
  }

  private async endQueues(userId: number): Promise<void> {
    for (const queue of await this.store.queuesOfUsers([userId])) await this.store.remove(queue.queueId);
  }
}
