import { mailHtml } from '../../platform/mail/mail-layout';
import { OutgoingMail } from '../../platform/mail/outgoing-mail';
import { html } from '../../platform/web/html';

/**
 * The words of the mail telling a person their account was deactivated (Zulip's
 * `zerver/emails/deactivate`, sent when the administrator gives a
 * `deactivation_notification_comment`), in one place so that they can be translated.
 */
export const DEACTIVATION_MAIL_TEXTS = {
  subject: (realmName: string) => `Your account in ${realmName} has been deactivated`,
  body: (realmName: string, realmUrl: string) =>
    `Your account in ${realmName} (${realmUrl}) has been deactivated by an administrator of the organization, and you can no longer log in there.`,
  comment: 'The administrator added this comment:',
  contact: 'If you think this is a mistake, contact the organization’s administrators.',
  signature: 'Thanks,\nThe team chat server',
};

const t = DEACTIVATION_MAIL_TEXTS;

export function deactivationMail(email: string, realmName: string, realmUrl: string, comment: string): OutgoingMail {
  const subject = t.subject(realmName);
  const said = comment.trim();
  const text = [t.body(realmName, realmUrl), ...(said === '' ? [] : [`${t.comment}\n\n${said}`]), t.contact, t.signature].join('\n\n');
  return {
    kind: 'deactivation',
    to: email,
    subject,
    text: `${text}\n`,
    html: mailHtml(
      subject,
      html`<p>${t.body(realmName, realmUrl)}</p>${said === '' ? '' : html`<p>${t.comment}</p><blockquote>${said}</blockquote>`}<p>${t.contact}</p>`,
    ),
  };
}
