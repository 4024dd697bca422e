import { Injectable, Logger } from '@nestjs/common';
import { createTransport, Transporter } from 'nodemailer';
import { MailSettings, ServerSettings } from '../config/settings';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends the server's mail (email-change confirmations): over SMTP when `SMTP_URL` is set,
 * otherwise into the log, so that an install without a mail server still shows the link.
 */
@Injectable()
export class MailTransport {
  private readonly logger = new Logger('Mail');
  private readonly smtp: Transporter | null;
  private readonly from: string;

  constructor(mail: MailSettings, server: ServerSettings) {
    this.smtp = mail.smtpUrl ? createTransport(mail.smtpUrl) : null;
    this.from = `noreply@${server.externalHostName}`;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (!this.smtp) {
      this.logger.log(`mail to ${mail.to} (no SMTP_URL configured): ${mail.subject}\n${mail.text}`);
      return;
    }
    await this.smtp.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }
}
