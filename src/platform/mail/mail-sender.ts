import { Injectable, Logger } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { MailSettings } from '../config/settings';
import { messageIdOf, SMTP_TIMEOUTS } from './mail-retry';
import { ClaimedMail } from './persistence/mail-store';

/**
 * Hands one mail to the mail server (`SMTP_URL`), or without one writes it to the log, so
 * that an install without a mail server still shows the links it sends. Resolves once the
 * server accepted the mail; rejects with nodemailer's error (its `responseCode` says
 * whether the refusal is for good).
 */
@Injectable()
export class MailSender {
  private readonly logger = new Logger('Mail');
  private readonly smtp: Transporter | null;
  private readonly from: string;
  private readonly messageIdHost: string;

  constructor(settings: MailSettings) {
    this.smtp = settings.smtpUrl ? createTransport({ url: settings.smtpUrl, ...SMTP_TIMEOUTS }) : null;
    this.from = settings.noreplyEmail;
    this.messageIdHost = settings.noreplyEmail.slice(settings.noreplyEmail.lastIndexOf('@') + 1);
  }

  /** The mail's Message-ID: stable across attempts, so a mail sent twice is one to the recipient. */
  messageIdOf(mail: ClaimedMail): string {
    return messageIdOf(mail.id, mail.createdMicros, this.messageIdHost);
  }

  /** Sends the mail, or without SMTP_URL writes it to the log (development): `logged`. */
  async send(mail: ClaimedMail): Promise<'sent' | 'logged'> {
    const messageId = this.messageIdOf(mail);
    if (!this.smtp) {
      this.logger.log(`mail to ${mail.to} (no SMTP_URL configured): ${mail.subject}\n${mail.text}`);
      return 'logged';
    }
    await this.smtp.sendMail({
      from: mail.fromName === undefined ? this.from : { name: mail.fromName, address: this.from },
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html === undefined ? {} : { html: mail.html }),
      ...(mail.headers === undefined ? {} : { headers: mail.headers }),
      messageId,
    });
    return 'sent';
  }

  close(): void {
    this.smtp?.close();
  }
}
