import type { IncomingWebhookOutcome, WebhookMessage } from '../../integration';
import { pyRstrip } from '../../../../shared/message-content';

/** A message a provider formatted, with the event type Zulip's view sends it under. */
export interface EventMessage {
  readonly topic: string;
  readonly content: string;
  readonly eventType: string | null;
}

/**
 * The outcome for the messages one payload produced, in order: none is accepted and not
 * posted (Zulip answers success and sends nothing); otherwise their event type, when they
 * share one. A payload whose messages differ in type (a Grafana notification with firing and
 * resolved alerts, a PagerDuty v1 batch) has no single type to filter on, and is null, so
 * `only_events` / `exclude_events` pass all of it.
 */
export function postedMessages(messages: readonly EventMessage[]): IncomingWebhookOutcome {
  if (messages.length === 0) return { kind: 'ignored' };
  const eventType = messages[0].eventType;
  const shared = messages.every((message) => message.eventType === eventType) ? eventType : null;
  return {
    kind: 'messages',
    eventType: shared,
    messages: messages.map((message): WebhookMessage => ({ topic: message.topic, content: storedContent(message.content) })),
  };
}

/**
 * A message body as Zulip stores it (`normalize_body`): trailing whitespace and leading blank
 * lines removed. Zulip's webhook views leave that to the send path; a provider's tests compare
 * with what Zulip stored, so the providers hand over the stored form.
 */
export function storedContent(body: string): string {
  return pyRstrip(body).replace(/^\n+/, '');
}

const MAX_TOPIC_LENGTH = 60;

/** Zulip cuts a topic longer than 60 characters to 57 and an ellipsis. */
export function truncateTopic(topic: string): string {
  const characters = Array.from(topic);
  if (characters.length <= MAX_TOPIC_LENGTH) return topic;
  return `${characters.slice(0, MAX_TOPIC_LENGTH - 3).join('')}...`;
}
