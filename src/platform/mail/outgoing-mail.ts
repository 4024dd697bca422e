/** What a mail is for: named in the delivery log lines (never its text or links) and kept on its row. */
export type MailKind =
  | 'invitation'
  | 'password-reset'
  | 'no-account'
  | 'email-change'
  | 'confirm-registration'
  | 'missed-message'
  | 'digest'
  | 'deactivation'
  | 'realm-deactivation';

/** A mail the server sends: plain text always, an HTML alternative when the template has one. */
export interface OutgoingMail {
  kind: MailKind;
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The sender's display name before the no-reply address (Zulip's `from_name`); absent, the bare address. */
  fromName?: string;
  /** Extra headers, e.g. `List-Unsubscribe`. */
  headers?: Record<string, string>;
}

/**
 * Recorded on the transaction that wrote a mail row: after the commit the delivery hears
 * of it (a CommitListener) and sends the mail at once. Only a wake: a lost one (the process
 * gone) is caught by the sweep. No `@OnCommitted` handler takes it, so the event outbox
 * writes no row for it.
 */
export class MailQueuedEvent {
  constructor(
    readonly mailId: number,
    readonly createdMicros: string,
  ) {}
}
