/**
 * Every text the invitations send, in one place (to be translated later): the invitation
 * email (Zulip's templates/zerver/emails/invitation.*) and the notification bot's note to
 * the inviter when the invitation is accepted (Zulip's `process_new_human_user`).
 */

export interface InvitationMailContext {
  referrerFullName: string;
  referrerEmail: string;
  realmName: string;
  activateUrl: string;
  supportEmail: string;
}

export interface InvitationMailText {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Zulip's `zerver/emails/invitation` (subject, text and HTML parts). */
export function invitationMail(context: InvitationMailContext): InvitationMailText {
  const { referrerFullName, referrerEmail, realmName, activateUrl, supportEmail } = context;
  const subject = `${referrerFullName} has invited you to join ${realmName}`;
  const text = [
    'Hi there,',
    '',
    `${referrerFullName} (${referrerEmail}) wants you to join them on Zulip -- the team communication tool designed for productivity.`,
    '',
    'To get started, click the link below.',
    `    <${activateUrl}>`,
    '',
    `Contact us any time at ${supportEmail} if you run into trouble,`,
    'have any feedback, or just want to chat!',
    '',
  ].join('\n');
  const html = [
    '<p>Hi there,</p>',
    `<p>${escapeHtml(referrerFullName)} (${escapeHtml(referrerEmail)}) wants you to join them on Zulip &mdash; the team communication tool designed for productivity.</p>`,
    `<p>To get started, please click here: <a class="button" href="${escapeHtml(activateUrl)}">Complete registration</a></p>`,
    `<p>Feel free to give us a shout at <a href="mailto:${escapeHtml(supportEmail)}">${escapeHtml(supportEmail)}</a>, if you have any questions.</p>`,
  ].join('\n');
  return { subject, text, html };
}

/** Zulip's note to the inviter: `{user} accepted your invitation to join Zulip!`, the user silently mentioned. */
export function invitationAcceptedNotice(user: { id: number; fullName: string }): string {
  return `@_**${user.fullName}|${user.id}** accepted your invitation to join Zulip!`;
}
