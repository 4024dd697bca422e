import { Injectable, Logger } from '@nestjs/common';
import { OnCommitted } from '../../events/outbox/on-committed';
import { MailTransport } from '../../platform/mail/mail-transport';
import { InvitationMailRequestedEvent } from './invite-events';

/**
 * Sends an invitation email after the invitation committed (a rolled-back invitation
 * sends nothing). Until the mail outbox exists this is one attempt, logged on failure.
 */
@Injectable()
export class InvitationMailEffects {
  private readonly logger = new Logger(InvitationMailEffects.name);

  constructor(private readonly mail: MailTransport) {}

  @OnCommitted(InvitationMailRequestedEvent)
  sendInvitation(event: InvitationMailRequestedEvent): void {
    this.mail
      .send({ to: event.to, subject: event.subject, text: event.text })
      .catch((error: Error) => this.logger.error(`invitation mail to ${event.to} failed: ${error.message}`));
  }
}
