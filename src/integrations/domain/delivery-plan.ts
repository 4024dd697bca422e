import { EventFilters, eventPasses } from './event-filter';
import { IncomingWebhookOutcome, WebhookMessage } from './integration';

/** What one webhook request comes to, after the URL's filters and topic. */
export type DeliveryPlan =
  /** Nothing to post: the provider ignored the payload, or the filters leave its event out. */
  | { readonly kind: 'nothing' }
  /** Zulip's UnsupportedWebhookEventTypeError (the filters do not silence it: the provider raised it first). */
  | { readonly kind: 'unsupported'; readonly eventType: string }
  | { readonly kind: 'send'; readonly messages: readonly WebhookMessage[] };

/**
 * Zulip's `check_send_webhook_message` after the view, once per message: an event type the
 * filters leave out posts nothing (a message without one is never filtered), and a `topic` URL parameter,
 * even an empty one, replaces the provider's topic.
 */
export function planDelivery(outcome: IncomingWebhookOutcome, urlTopic: string | undefined, filters: EventFilters): DeliveryPlan {
  if (outcome.kind === 'ignored') return { kind: 'nothing' };
  if (outcome.kind === 'unsupported') return { kind: 'unsupported', eventType: outcome.eventType };
  const passing = outcome.messages.filter((message) => eventPasses(message.eventType === undefined ? outcome.eventType : message.eventType, filters));
  if (passing.length === 0) return { kind: 'nothing' };
  const messages = urlTopic === undefined ? passing : passing.map((message) => ({ ...message, topic: urlTopic }));
  return { kind: 'send', messages };
}

/** Zulip's wording of UnsupportedWebhookEventTypeError. */
export function unsupportedEventMessage(webhookName: string, eventType: string): string {
  return `The '${eventType}' event isn't currently supported by the ${webhookName} webhook; ignoring`;
}

/** Zulip's wording of AnomalousWebhookPayloadError: a payload the provider could not make sense of. */
export function anomalousPayloadMessage(webhookName: string): string {
  return `Unable to parse request: Did ${webhookName} generate this event?`;
}
