import { mailButton, mailHtml } from '../../platform/mail/mail-layout';
import { OutgoingMail } from '../../platform/mail/outgoing-mail';
import { html } from '../../platform/web/html';

/**
 * Every text of the sign-up pages (Zulip's `accounts_home.html`, `accounts_send_confirm.html`,
 * `register.html`, the confirmation-key error page) and of the confirmation mail (Zulip's
 * `zerver/emails/confirm_registration`), in one place so that they can be translated.
 */
export const SIGNUP_TEXTS = {
  homeTitle: 'Sign up',
  homeIntro: (realmName: string) => `Enter your email address to create an account in ${realmName}. We will send you a link to finish signing up.`,
  reusableIntro: (realmName: string) =>
    `You have been invited to join ${realmName}. Enter your email address, and we will send you a link to finish signing up.`,
  emailLabel: 'Email',
  homeButton: 'Sign up',
  invalidEmail: 'Enter a valid email address.',
  // Zulip's HomepageForm.clean_email refusals.
  inviteRequired: (email: string) => `Please request an invite for ${email} from the organization administrator.`,
  domainRefused: (email: string) =>
    `Your email address, ${email}, is not in one of the domains that are allowed to register for accounts in this organization.`,
  plusRefused: 'Email addresses containing + are not allowed in this organization.',
  alreadyRegistered: (email: string) => `You've already registered with ${email}. Log in with it, or reset your password if you forgot it.`,
  closedTitle: 'Sign-up is by invitation',
  closedBody: 'This organization requires an invitation to join. Ask one of its administrators for one.',
  deactivatedTitle: 'Organization deactivated',
  deactivatedBody: 'This organization has been deactivated.',
  sentTitle: 'Confirm your email address',
  sentBody: (email: string) =>
    `We have sent an email to ${email} with a link to finish signing up. The link works once, for one day. Check your spam folder if it does not arrive in a few minutes.`,
  registerTitle: 'Create your account',
  registerIntro: (realmName: string) => `You are joining ${realmName}.`,
  invitedIntro: (realmName: string) => `You have been invited to join ${realmName}. Choose your name and a password to create your account.`,
  yourEmail: 'Email',
  fullNameLabel: 'Full name',
  passwordLabel: 'Password',
  passwordHint: (minLength: number) => `At least ${minLength} characters; a password that is easy to guess is refused.`,
  registerButton: 'Sign up',
  invalidLinkTitle: 'Invalid link',
  linkExpired: 'The confirmation link has expired or been deactivated.',
  linkNotFound: "Whoops. We couldn't find your confirmation link in the system.",
  linkMalformed: 'The confirmation link is malformed.',
  linkHint: 'Ask the person who invited you for a new invitation, or sign up again.',
  mailSubject: 'Activate your Zulip account',
  mailHello: 'Hello there.',
  mailSignedUp: 'You recently signed up for Zulip. Awesome!',
  mailAction: 'To complete signup, please click here:',
  mailButton: 'Complete registration',
  mailIgnore: 'If you did not sign up, ignore this email: no account is made without the link.',
  mailSignature: 'Cheers,\nThe team chat server',
};

const t = SIGNUP_TEXTS;

/** Zulip's `zerver/emails/confirm_registration` for an existing organization. */
export function confirmRegistrationMail(email: string, activateUrl: string): OutgoingMail {
  return {
    to: email,
    subject: t.mailSubject,
    text: `${t.mailHello}\n\n${t.mailSignedUp}\n\n${t.mailAction}\n    <${activateUrl}>\n\n${t.mailIgnore}\n\n${t.mailSignature}\n`,
    html: mailHtml(
      t.mailSubject,
      html`<p>${t.mailHello}</p><p>${t.mailSignedUp}</p><p>${t.mailAction}</p>${mailButton(activateUrl, t.mailButton)}<p><a href="${activateUrl}">${activateUrl}</a></p><p>${t.mailIgnore}</p>`,
    ),
  };
}
