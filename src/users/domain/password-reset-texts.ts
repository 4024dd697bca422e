import { mailButton, mailHtml } from '../../platform/mail/mail-layout';
import { OutgoingMail } from '../../platform/mail/outgoing-mail';
import { html, SafeHtml } from '../../platform/web/html';

/**
 * Every text of the password reset flow (Zulip's `/accounts/password/reset/` pages and its
 * `zerver/emails/password_reset` mail), in one place so that they can be translated.
 */
export const PASSWORD_RESET_TEXTS = {
  requestTitle: 'Reset your password',
  requestIntro: 'Enter the email address of your account. We will send you a link to set a new password.',
  emailLabel: 'Email',
  requestButton: 'Send reset link',
  invalidEmail: 'Enter a valid email address.',
  sentTitle: 'Check your email',
  sentBody: 'If an account exists for that address, we have sent it an email with a link to reset the password. The link works once, for 24 hours. Check your spam folder if it does not arrive in a few minutes.',
  setTitle: 'Set a new password',
  setIntro: (email: string) => `Choose a new password for ${email}.`,
  newPasswordLabel: 'New password',
  confirmPasswordLabel: 'Confirm new password',
  passwordHint: (minLength: number) => `At least ${minLength} characters; a password that is easy to guess is refused.`,
  setButton: 'Change password',
  mismatch: 'The two password fields didn’t match.',
  tooWeak: 'The password is too weak.',
  invalidLinkTitle: 'Invalid link',
  invalidLink: 'This password reset link is invalid, has expired or has already been used. You can ask for a new one.',
  requestAgain: 'Ask for a new link',
  doneTitle: 'Password reset complete',
  doneBody: (realmUrl: string) => `Your password has been set. Log in with your email address and the new password at ${realmUrl} (in a Zulip app, enter this address as the server).`,
  mailSubject: (realmName: string) => `Password reset request for ${realmName}`,
  mailHello: (email: string) => `Someone (possibly you) asked for a new password for ${email}.`,
  mailAction: 'Follow the link below to choose a new password. It works once, for the next 24 hours:',
  mailButton: 'Reset password',
  mailIgnore: 'If you did not ask for this, ignore this email: your password stays as it is.',
  mailNoAccount: (email: string, realmUrl: string) =>
    `Someone (possibly you) asked for a password reset email for ${email} on ${realmUrl}, but there is no active account with that address in ${realmUrl}.`,
  mailDeactivated: (realmUrl: string) => `That account in ${realmUrl} has been deactivated: ask an administrator of the organization to reactivate it.`,
  mailOtherRealms: 'You do have active accounts in these organizations, where you can log in or reset your password:',
  mailSignature: 'Thanks,\nThe team chat server',
};

const t = PASSWORD_RESET_TEXTS;

/** The mail with the reset link (an active account). */
export function passwordResetMail(email: string, realmName: string, resetUrl: string): OutgoingMail {
  const subject = t.mailSubject(realmName);
  return {
    kind: 'password-reset',
    to: email,
    subject,
    text: `${t.mailHello(email)}\n\n${t.mailAction}\n\n${resetUrl}\n\n${t.mailIgnore}\n\n${t.mailSignature}\n`,
    html: mailHtml(subject, html`<p>${t.mailHello(email)}</p><p>${t.mailAction}</p>${mailButton(resetUrl, t.mailButton)}<p><a href="${resetUrl}">${resetUrl}</a></p><p>${t.mailIgnore}</p>`),
  };
}

/**
 * Zulip sends a mail also for an address without an active account in the realm (so the
 * page answers alike either way): it says so, and names the organizations where the
 * address has active accounts.
 */
export function noAccountMail(email: string, realmName: string, realmUrl: string, deactivated: boolean, otherRealmUrls: readonly string[]): OutgoingMail {
  const subject = t.mailSubject(realmName);
  const lines = [t.mailNoAccount(email, realmUrl)];
  if (deactivated) lines.push(t.mailDeactivated(realmUrl));
  if (otherRealmUrls.length > 0) lines.push(`${t.mailOtherRealms}\n${otherRealmUrls.join('\n')}`);
  const others: SafeHtml = otherRealmUrls.length === 0 ? html`` : html`<p>${t.mailOtherRealms}</p><ul>${otherRealmUrls.map((url) => html`<li><a href="${url}">${url}</a></li>`)}</ul>`;
  return {
    kind: 'no-account',
    to: email,
    subject,
    text: `${lines.join('\n\n')}\n\n${t.mailSignature}\n`,
    html: mailHtml(subject, html`<p>${t.mailNoAccount(email, realmUrl)}</p>${deactivated ? html`<p>${t.mailDeactivated(realmUrl)}</p>` : ''}${others}`),
  };
}
