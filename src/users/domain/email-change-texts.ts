import { mailButton, mailHtml } from '../../platform/mail/mail-layout';
import { OutgoingMail } from '../../platform/mail/outgoing-mail';
import { html } from '../../platform/web/html';

/** Every text of the email-change flow (its mail and its confirmation page), in one place for translation. */
export const EMAIL_CHANGE_TEXTS = {
  mailSubject: (realmName: string) => `Verify your new email address for ${realmName}`,
  mailIntro: (realmName: string, newEmail: string) =>
    `We received a request to change the email address of your ${realmName} account to ${newEmail}.`,
  mailAction: 'Click the link below to confirm the change:',
  mailButton: 'Confirm email change',
  mailIgnore: 'If you did not request this change, ignore this message.',
  pageDoneTitle: 'Email address updated',
  pageDone: (oldEmail: string, newEmail: string) => `The email address for your account was changed from ${oldEmail} to ${newEmail}.`,
  pageFailedTitle: 'Whoops',
};

/** The confirmation mail sent to the new address. */
export function emailChangeMail(newEmail: string, realmName: string, confirmationUrl: string): OutgoingMail {
  const t = EMAIL_CHANGE_TEXTS;
  const subject = t.mailSubject(realmName);
  return {
    kind: 'email-change',
    to: newEmail,
    subject,
    text: `${t.mailIntro(realmName, newEmail)}\n\n${t.mailAction}\n${confirmationUrl}\n\n${t.mailIgnore}\n`,
    html: mailHtml(subject, html`<p>${t.mailIntro(realmName, newEmail)}</p>${mailButton(confirmationUrl, t.mailButton)}<p>${t.mailIgnore}</p>`),
  };
}
