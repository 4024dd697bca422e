import { mailHtml } from '../../platform/mail/mail-layout';
import { OutgoingMail } from '../../platform/mail/outgoing-mail';
import { html, SafeHtml } from '../../platform/web/html';
import { encodeChannel, encodeHashComponent } from '../../shared/narrow-url';

/** One message shown in a hot conversation. */
export interface DigestSample {
  id: number;
  senderName: string;
  /** The message's source text (the text part). */
  plain: string;
  /** Its rendered HTML, links made absolute (the HTML part). */
  html: SafeHtml;
}

export interface DigestConversation {
  streamId: number;
  streamName: string;
  topic: string;
  samples: DigestSample[];
  /** Human messages beyond the samples. */
  more: number;
  participants: string[];
}

/** Everything one user's digest says. */
export interface DigestContent {
  to: string;
  realmName: string;
  realmUrl: string;
  unsubscribeUrl: string;
  /** False when the realm or the user hides message content in emails: counts only. */
  showContent: boolean;
  hiddenByRealm: boolean;
  conversations: DigestConversation[];
  newChannels: { id: number; name: string }[];
  newMessages: number;
}

/**
 * Every text of the digest email, in one place for translation; the words follow Zulip's
 * templates/zerver/emails/digest.{subject.txt,txt,html}.
 */
export const DIGEST_TEXTS = {
  subject: (realmName: string) => `Zulip digest for ${realmName}`,
  hotConversations: 'Hot conversations',
  newChannels: 'New channels',
  more: (count: number, participants: string[]) => `+ ${count} more message${count === 1 ? '' : 's'} by ${displayList(participants, 4)}.`,
  countsBoth: (messages: number, channels: number, realmName: string) =>
    `You have ${messages} new messages, and there are ${channels} new channels in ${realmName}.`,
  countsMessages: (messages: number, realmName: string) => `You have ${messages} new messages in ${realmName}.`,
  countsChannels: (channels: number, realmName: string) => `There are ${channels} new channels in ${realmName}.`,
  hiddenByRealm: (helpUrl: string) =>
    `This email does not include message content because your organization hides message content in email notifications. See ${helpUrl} for more details.`,
  hiddenByUser: (helpUrl: string) =>
    `This email does not include message content because you have chosen to hide message content in email notifications. See ${helpUrl} for more details.`,
  catchUp: (realmUrl: string) => `Log in to Zulip to catch up: ${realmUrl}.`,
  catchUpLink: 'Log in to Zulip to catch up.',
  managePreferences: 'Manage email preferences',
  unsubscribe: 'Unsubscribe from digest emails',
};

/**
 * Zulip's display_list filter: "A", "A and B", "A, B and C", and past the limit
 * "A, B, C, D and 2 others".
 */
export function displayList(values: readonly string[], limit: number): string {
  if (values.length === 1) return values[0];
  if (values.length <= limit) return `${values.slice(0, -1).join(', ')} and ${values[values.length - 1]}`;
  const others = values.length - limit;
  return `${values.slice(0, limit).join(', ')} and ${others} other${others === 1 ? '' : 's'}`;
}

function topicUrl(realmUrl: string, conversation: DigestConversation): string {
  return `${realmUrl}/#narrow/channel/${encodeChannel(conversation.streamId, conversation.streamName)}/topic/${encodeHashComponent(conversation.topic)}`;
}

function channelUrl(realmUrl: string, channel: { id: number; name: string }): string {
  return `${realmUrl}/#narrow/channel/${encodeChannel(channel.id, channel.name)}`;
}

function countsLine(content: DigestContent): string {
  const t = DIGEST_TEXTS;
  const channels = content.newChannels.length;
  if (content.newMessages > 0 && channels > 0) return t.countsBoth(content.newMessages, channels, content.realmName);
  if (content.newMessages > 0) return t.countsMessages(content.newMessages, content.realmName);
  return t.countsChannels(channels, content.realmName);
}

function hiddenLine(content: DigestContent): string {
  return content.hiddenByRealm
    ? DIGEST_TEXTS.hiddenByRealm(`${content.realmUrl}/help/hide-message-content-in-emails`)
    : DIGEST_TEXTS.hiddenByUser(`${content.realmUrl}/help/email-notifications#hide-message-content`);
}

function textPart(content: DigestContent): string {
  const t = DIGEST_TEXTS;
  const lines: string[] = [];
  if (content.showContent) {
    for (const conversation of content.conversations) {
      lines.push(`#${conversation.streamName} > ${conversation.topic}`);
      for (const sample of conversation.samples) lines.push(`${sample.senderName}: ${sample.plain}`);
      if (conversation.more > 0) lines.push(t.more(conversation.more, conversation.participants));
      lines.push('');
    }
    if (content.newChannels.length > 0) {
      lines.push(`** ${t.newChannels} **`, `    ${displayList(content.newChannels.map((channel) => channel.name), 1000)}.`, '');
    }
  } else {
    lines.push(countsLine(content), '', hiddenLine(content), '');
  }
  lines.push(t.catchUp(content.realmUrl), '', '--', `${t.managePreferences}:`, '', `${content.realmUrl}/#settings/notifications`, '');
  lines.push(`${t.unsubscribe}:`, '', content.unsubscribeUrl, '');
  return lines.join('\n');
}

function htmlPart(content: DigestContent, subject: string): string {
  const t = DIGEST_TEXTS;
  const box = 'border:1px solid #ccc;border-radius:4px;margin:0 0 12px;overflow-wrap:anywhere';
  const conversations = content.conversations.map(
    (conversation) => html`<div style="${box}">
<div style="background:#e8f0fb;padding:4px 8px;font-weight:bold"><a href="${topicUrl(content.realmUrl, conversation)}">#${conversation.streamName} &gt; ${conversation.topic}</a></div>
${conversation.samples.map((sample) => html`<div style="padding:4px 8px"><div style="font-weight:bold">${sample.senderName}</div>${sample.html}</div>`)}
${conversation.more > 0 ? html`<p style="padding:0 8px;color:#555">${t.more(conversation.more, conversation.participants)}</p>` : ''}
</div>`,
  );
  const channels = content.newChannels.map((channel, index) => html`${index > 0 ? ', ' : ''}<a href="${channelUrl(content.realmUrl, channel)}">${channel.name}</a>`);
  const body = content.showContent
    ? html`${content.conversations.length > 0 ? html`<h2>${t.hotConversations}</h2>${conversations}` : ''}
${content.newChannels.length > 0 ? html`<h2>${t.newChannels}</h2><p>${channels}.</p>` : ''}`
    : html`<p>${countsLine(content)}</p><p>${hiddenLine(content)}</p>`;
  return mailHtml(
    subject,
    html`${body}
<p><a href="${content.realmUrl}">${t.catchUpLink}</a></p>
<hr><p style="font-size:13px;color:#555"><a href="${content.realmUrl}/#settings/notifications">${t.managePreferences}</a> | <a href="${content.unsubscribeUrl}">${t.unsubscribe}</a></p>`,
  );
}

/** The digest email: text and HTML parts; the caller adds the List-Unsubscribe headers. */
export function digestMail(content: DigestContent, headers: Record<string, string>): OutgoingMail {
  const subject = DIGEST_TEXTS.subject(content.realmName);
  return { kind: 'digest', to: content.to, subject, text: textPart(content), html: htmlPart(content, subject), headers };
}
