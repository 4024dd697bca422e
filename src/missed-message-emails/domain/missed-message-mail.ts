import { mailButton, mailHtml } from '../../platform/mail/mail-layout';
import { OutgoingMail } from '../../platform/mail/outgoing-mail';
import { html, SafeHtml, trustedHtml } from '../../platform/web/html';
import { EmailTrigger } from './email-triggers';
import { MISSED_MESSAGE_TEXTS } from './missed-message-texts';

/** A message still unread and not deleted when the batch is sent, with what the email shows. */
export interface MissedMessage {
  id: number;
  /** 1 a person, 2 a channel, 3 a group (Zulip's Recipient types). */
  recipientType: number;
  recipientId: number;
  streamId: number | null;
  streamName: string | null;
  topic: string;
  senderId: number;
  senderName: string;
  content: string;
  renderedContent: string;
  /** The other participants' names of a direct conversation (not the recipient's own). */
  otherParticipants: { id: number; fullName: string }[];
  trigger: EmailTrigger | null;
}

export interface MissedMessageRecipient {
  email: string;
  fullName: string;
  showContent: boolean;
  /** realm_name_in_email_notifications_policy says to name the organization in the subject. */
  realmNameInSubject: boolean;
}

export interface MissedMessageRealm {
  name: string;
  url: string;
  /** Zulip's INSTALLATION_NAME (the server's external host): the sender's display name names it. */
  installationName: string;
}

/**
 * Zulip's buckets (handle_missedmessage_emails): a one-to-one conversation by its recipient
 * and sender, a group or channel conversation by its recipient and topic (case-folded).
 */
function bucketKey(message: MissedMessage): string {
  return message.recipientType === 1 ? `${message.recipientId}/${message.senderId}` : `${message.recipientId}/${message.topic.toLowerCase()}`;
}

/** Groups messages into Zulip's buckets, least recently active conversation first. */
export function missedMessageBuckets(messages: readonly MissedMessage[]): MissedMessage[][] {
  const buckets = new Map<string, MissedMessage[]>();
  for (const message of [...messages].sort((a, b) => a.id - b.id)) {
    const key = bucketKey(message);
    const bucket = buckets.get(key);
    if (bucket) bucket.push(message);
    else buckets.set(key, [message]);
  }
  return [...buckets.values()].sort((a, b) => a[a.length - 1].id - b[b.length - 1].id);
}

/** Zulip's narrow slugs: the id, then the name with characters URLs reserve replaced. */
function slug(id: number, name: string): string {
  return `${id}-${encodeURIComponent(name.replace(/ /g, '-')).replace(/%/g, '.')}`;
}

function conversationUrl(realm: MissedMessageRealm, first: MissedMessage): string {
  if (first.recipientType === 2) {
    const topic = encodeURIComponent(first.topic).replace(/%/g, '.');
    return `${realm.url}/#narrow/channel/${slug(first.streamId ?? 0, first.streamName ?? '')}/topic/${topic}/near/${first.id}`;
  }
  const ids = first.otherParticipants.map((participant) => participant.id).sort((a, b) => a - b);
  const label = first.recipientType === 1 ? first.senderName.replace(/ /g, '-') : 'group';
  return `${realm.url}/#narrow/dm/${ids.join(',')}-${encodeURIComponent(label).replace(/%/g, '.')}/near/${first.id}`;
}

/** Zulip's RESOLVED_TOPIC_PREFIX. */
const RESOLVED_PREFIX = '✔ ';

/**
 * Zulip's missed_message.subject.txt: the conversation (a resolved topic by its bare name,
 * marked), or only "New messages" when the email shows no content; the organization's
 * name after it when the user's policy says so.
 */
function subjectOf(first: MissedMessage, recipient: MissedMessageRecipient, realm: MissedMessageRealm): string {
  const t = MISSED_MESSAGE_TEXTS;
  const suffix = recipient.realmNameInSubject ? t.realmSuffix(realm.name) : '';
  if (!recipient.showContent) return t.subjectHidden + suffix;
  if (first.recipientType === 2) {
    const channel = first.streamName ?? '';
    if (first.topic.startsWith(RESOLVED_PREFIX)) return t.subjectResolvedChannel(channel, first.topic.slice(RESOLVED_PREFIX.length)) + suffix;
    return t.subjectChannel(channel, first.topic) + suffix;
  }
  if (first.recipientType === 1) return t.subjectDirect(first.senderName) + suffix;
  // The group's members in Zulip's display_recipient order (by id), as the store gives them.
  return t.subjectGroup(t.groupNames(first.otherParticipants.map((participant) => participant.fullName))) + suffix;
}

/** Links in rendered messages are relative to the server (uploads, narrows): mail needs them whole. */
function absoluteLinks(rendered: string, realmUrl: string): string {
  return rendered.replace(/(href|src)="\/(?!\/)/g, `$1="${realmUrl}/`);
}

/**
 * One bucket's email (Zulip's do_send_missedmessage_events_reply_in_zulip): the
 * conversation's messages, each under its sender's name when the sender changes, a link
 * back to the conversation, why it was sent, and the unsubscribe link, also given in the
 * `List-Unsubscribe` header with one-click unsubscription (RFC 8058) as Zulip sends it.
 */
export function missedMessageMail(
  bucket: readonly MissedMessage[],
  recipient: MissedMessageRecipient,
  realm: MissedMessageRealm,
  unsubscribeUrl: string,
): OutgoingMail {
  const t = MISSED_MESSAGE_TEXTS;
  const first = bucket[0];
  const subject = subjectOf(first, recipient, realm);
  const link = conversationUrl(realm, first);
  const settingsUrl = `${realm.url}/#settings/notifications`;
  // Context messages (shown with a mention) have no trigger of their own.
  const reason = t.reason(bucket.find((message) => message.trigger !== null)?.trigger ?? null, realm.name);
  const textParts: string[] = [];
  const htmlParts: SafeHtml[] = [];
  let lastSender: number | null = null;
  for (const message of bucket) {
    const newSender = message.senderId !== lastSender;
    lastSender = message.senderId;
    if (!recipient.showContent) {
      if (newSender) {
        textParts.push(`${message.senderName}:`);
        htmlParts.push(html`<p><b>${message.senderName}</b></p>`);
      }
      continue;
    }
    textParts.push(newSender ? `${message.senderName}:\n${message.content}` : message.content);
    htmlParts.push(
      html`${newSender ? html`<p style="margin:12px 0 4px"><b>${message.senderName}</b></p>` : ''}<div>${trustedHtml(absoluteLinks(message.renderedContent, realm.url))}</div>`,
    );
  }
  if (!recipient.showContent) {
    textParts.push(t.contentHidden);
    htmlParts.push(html`<p>${t.contentHidden}</p>`);
  }
  const text = `${textParts.join('\n\n')}\n\n${t.viewConversation}: ${link}\n\n--\n${reason}\n${t.manageSettings}: ${settingsUrl}\n${t.unsubscribe}: ${unsubscribeUrl}\n`;
  const content = html`<h3 style="margin-top:0">${subject}</h3>${htmlParts}${mailButton(link, t.viewConversation)}
<p style="color:#666;font-size:13px">${reason}<br><a href="${settingsUrl}">${t.manageSettings}</a> · <a href="${unsubscribeUrl}">${t.unsubscribe}</a></p>`;
  return {
    kind: 'missed-message',
    to: recipient.email,
    fromName: t.fromName(realm.installationName),
    subject,
    text,
    html: mailHtml(subject, content),
    headers: { 'List-Unsubscribe': `<${unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
