import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { InvitationMailRequestedEvent } from '../events/invite-events';
import { InvitationMailText } from '../domain/invitation-texts';

/**
 * Where the invitation commands put an email, inside their transaction. Today it records
 * an event that InvitationMailEffects sends after the commit; with the mail outbox
 * (src/platform/mail) this becomes its `enqueue`, delivered after commit with retries.
 */
@Injectable()
export class InvitationMailer {
  constructor(private readonly database: Database) {}

  // Async already, as the outbox's `enqueue` is: switching is this one statement.
  async queue(to: string, mail: InvitationMailText): Promise<void> {
    this.database.record(new InvitationMailRequestedEvent(to, mail.subject, mail.text, mail.html));
  }
}
