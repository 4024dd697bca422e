import { Injectable } from '@nestjs/common';
import { MailOutbox } from '../../platform/mail/mail-outbox';
import { InvitationMailText } from '../domain/invitation-texts';

/**
 * Where the invitation commands put an email, inside their transaction: the mail outbox
 * writes it with the invitation and delivers it after the commit, with retries (a
 * rolled-back invitation sends nothing).
 */
@Injectable()
export class InvitationMailer {
  constructor(private readonly outbox: MailOutbox) {}

  async queue(to: string, mail: InvitationMailText): Promise<void> {
    await this.outbox.enqueue({ kind: 'invitation', to, subject: mail.subject, text: mail.text, html: mail.html });
  }
}
