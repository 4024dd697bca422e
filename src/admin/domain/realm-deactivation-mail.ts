import { mailHtml } from '../../platform/mail/mail-layout';
import { OutgoingMail } from '../../platform/mail/outgoing-mail';
import { html } from '../../platform/web/html';

/**
 * The words of the mail telling an organization's owners that it was deactivated (Zulip's
 * `zerver/emails/realm_deactivated`, sent to every owner), in one place so that they can
 * be translated.
 */
export const REALM_DEACTIVATION_MAIL_TEXTS = {
  subject: (realmName: string) => `Your organization ${realmName} has been deactivated`,
  byYou: (realmName: string, date: string) => `You have deactivated your organization, ${realmName}, on ${date}.`,
  byOwner: (realmName: string, owner: string, date: string) => `Your organization, ${realmName}, was deactivated by ${owner} on ${date}.`,
  byOperator: (realmName: string, date: string) => `Your organization, ${realmName}, was deactivated on ${date}.`,
  deletion: (date: string) => `All data associated with this organization will be permanently deleted on ${date}.`,
  contact: 'If you have any questions or concerns, reply to this mail as soon as possible.',
  signature: 'Thanks,\nThe team chat server',
};

const t = REALM_DEACTIVATION_MAIL_TEXTS;

/** Who deactivated the organization, as the mail to one owner tells it. */
export type Deactivator = { kind: 'recipient' } | { kind: 'owner'; name: string } | { kind: 'operator' };

/** A UTC day, as `2026-11-29`: the mail goes to owners in any time zone. */
function day(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export function realmDeactivationMail(email: string, realmName: string, by: Deactivator, at: Date, deletionDate: Date | null): OutgoingMail {
  const subject = t.subject(realmName);
  const what = by.kind === 'recipient' ? t.byYou(realmName, day(at)) : by.kind === 'owner' ? t.byOwner(realmName, by.name, day(at)) : t.byOperator(realmName, day(at));
  const deletion = deletionDate === null ? null : t.deletion(day(deletionDate));
  const paragraphs = [what, ...(deletion === null ? [] : [deletion]), t.contact];
  return {
    kind: 'realm-deactivation',
    to: email,
    subject,
    text: `${[...paragraphs, t.signature].join('\n\n')}\n`,
    html: mailHtml(subject, html`${paragraphs.map((paragraph) => html`<p>${paragraph}</p>`)}`),
  };
}
