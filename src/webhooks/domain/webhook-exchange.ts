import { messageUrl } from '../../shared/narrow-url';
import { WebhookTrigger } from '../public/service-bot-triggers';

/**
 * The two sides of one outgoing-webhook call, as Zulip's outgoing_webhook.py has them:
 * what is sent (Zulip's generic JSON payload, `/svc-outgoing-webhook` in docs/zulip-differences.md, or the Slack-compatible form) and
 * what an answer means.
 */
export const GENERIC_INTERFACE = 1;
export const SLACK_INTERFACE = 2;

export interface WebhookBot {
  id: number;
  email: string;
  fullName: string;
  token: string;
  interface: number;
}

/** The triggering message in the `GET /messages` format (raw markdown) plus `rendered_content`. */
export type WebhookMessage = Record<string, unknown> & {
  id: number;
  type: 'stream' | 'private';
  content: string;
};

export type WebhookRequestBody =
  | { contentType: 'application/json'; body: string }
  | { contentType: 'application/x-www-form-urlencoded'; body: string };

export class UnsupportedWebhookMessage extends Error {}

export function webhookRequest(bot: WebhookBot, trigger: WebhookTrigger, message: WebhookMessage): WebhookRequestBody {
  if (bot.interface === SLACK_INTERFACE) {
    if (message.type === 'private') throw new UnsupportedWebhookMessage("Slack outgoing webhooks don't support private messages.");
    const senderEmail = String(message.sender_email);
    const form = new URLSearchParams([
      ['token', bot.token],
      ['team_id', String(message.sender_realm_str)],
      ['team_domain', senderEmail.slice(senderEmail.lastIndexOf('@') + 1).toLowerCase()],
      ['channel_id', String(message.stream_id)],
      ['channel_name', String(message.display_recipient)],
      ['timestamp', String(message.timestamp)],
      ['user_id', String(message.sender_id)],
      ['user_name', String(message.sender_full_name)],
      ['text', message.content],
      ['trigger_word', trigger],
      ['service_id', String(bot.id)],
    ]);
    return { contentType: 'application/x-www-form-urlencoded', body: form.toString() };
  }
  const payload = {
    data: message.content,
    message,
    bot_email: bot.email,
    bot_full_name: bot.fullName,
    token: bot.token,
    trigger,
  };
  return { contentType: 'application/json', body: JSON.stringify(payload) };
}

/** What a 2xx answer asks for: a reply with this content, or nothing. */
export type WebhookAnswer = { reply: string } | { reply: null };

/** A 2xx answer the server cannot use; the message is Zulip's. */
export class InvalidWebhookAnswer extends Error {}

export function interpretAnswer(interfaceType: number, body: string): WebhookAnswer {
  // An empty body is a quiet success (Zulip reads it as JSON and fails; bots built for
  // Zulip never send one, and generic receivers often do).
  if (body.trim() === '') return { reply: null };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new InvalidWebhookAnswer('Invalid JSON in response');
  }
  // zulip_botserver before 2021-05 answered "" for "no response required".
  if (json === '') return { reply: null };
  if (typeof json !== 'object' || json === null || Array.isArray(json)) throw new InvalidWebhookAnswer('Invalid response format');
  const answer = json as Record<string, unknown>;
  let content: unknown;
  if (interfaceType === SLACK_INTERFACE) {
    content = answer.text;
  } else {
    if (answer.response_not_required === true) return { reply: null };
    // `response_string` is Zulip's deprecated name for `content`.
    content = 'response_string' in answer ? answer.response_string : answer.content;
  }
  if (content === undefined || content === null) return { reply: null };
  const text = typeof content === 'string' ? content : JSON.stringify(content);
  return text.trim() === '' ? { reply: null } : { reply: text };
}

/** A link to the message in its conversation, as Zulip's near_message_url builds it. */
export function nearMessageUrl(realmUrl: string, message: WebhookMessage): string {
  if (message.type === 'stream') {
    return messageUrl(realmUrl, {
      id: message.id, streamId: Number(message.stream_id), streamName: String(message.display_recipient), topic: String(message.subject),
    });
  }
  const participants = message.display_recipient as { id: number }[];
  const ids = participants.map((user) => user.id).join(',');
  const suffix = participants.length >= 3 ? 'group' : 'dm';
  return `${realmUrl}/#narrow/dm/${ids}-${suffix}/near/${message.id}`;
}

/** Why the owner hears about a failure. */
export type OwnerNoticeReason =
  | { kind: 'status'; status: number; responseBody: string }
  | { kind: 'refused-address' }
  | { kind: 'failure'; message: string; responseBody?: string };

/** The direct message a bot's owner gets when a trigger could not be delivered (Zulip's notify_bot_owner). */
export function ownerNotice(messageUrl: string, botFullName: string, reason: OwnerNoticeReason): string {
  let text = `[A message](${messageUrl}) to your bot @_**${botFullName}** triggered an outgoing webhook.`;
  let responseBody: string | undefined;
  switch (reason.kind) {
    case 'status':
      text += `\nThe webhook got a response with status code *${reason.status}*.`;
      responseBody = reason.responseBody;
      break;
    case 'refused-address':
      text += '\nThe URL configured for the webhook is for a private or disallowed network.';
      break;
    case 'failure':
      text += `\n${reason.message}`;
      responseBody = reason.responseBody;
      break;
  }
  if (responseBody) {
    const shown = responseBody.length > 1000 ? `${responseBody.slice(0, 1000)}…` : responseBody;
    text += `\nThe response contains the following payload:\n\`\`\`\n${shown.replace(/```/g, '`\u200b``')}\n\`\`\``;
  }
  return text;
}
