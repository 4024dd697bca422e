import { Injectable } from '@nestjs/common';
import { Database } from '../database/database';
import { MailStore } from './persistence/mail-store';
import { MailQueuedEvent, OutgoingMail } from './outgoing-mail';

export type { OutgoingMail } from './outgoing-mail';

/**
 * Where every part of the server hands over its mail. Writing the mail is part of the
 * change that sends it: if the change rolls back, no mail leaves; once it commits, the
 * mail is delivered (MailDelivery) however the process or the mail server fares.
 */
@Injectable()
export class MailOutbox {
  constructor(
    private readonly store: MailStore,
    private readonly database: Database,
  ) {}

  /**
   * Must run inside a command's ambient transaction: writes the mail row in it; after the
   * commit a job delivers it (BullMQ with Redis, in-process otherwise), retrying with backoff
   * while the SMTP server is down, under a stable Message-ID derived from the row; the row is
   * marked sent after the SMTP server accepted it, so a mail is sent twice only if a process
   * dies between that acceptance and recording it. Returns the row id.
   */
  async enqueue(mail: OutgoingMail): Promise<number> {
    const key = await this.store.insert(mail);
    this.database.record(new MailQueuedEvent(key.id, key.createdMicros));
    return key.id;
  }
}
