/**
 * Sentry (`/api/v1/external/sentry`), as Zulip 10.2 formats it: alert-rule events
 * (exceptions with their traceback, captured messages), issue webhooks, Sentry's plain
 * webhook and its older plugin. Sentry names no event types for `only_events`.
 */
import { IncomingWebhookCall, IncomingWebhookIntegration, IncomingWebhookOutcome } from '../../integration';
import { postedMessages, truncateTopic } from '../shared/posted-messages';
import { pythonRepr } from '../shared/python-str';
import { WildValue } from '../shared/wild-value';
import { eventMessage } from './event-message';
import { issueMessage } from './issue-message';
import { deprecatedExceptionMessage, eventFromPlainWebhook } from './legacy-payload';
import { SentryMessage, SentryUnsupported } from './sentry-message';

function messageFor(body: unknown): SentryMessage | SentryUnsupported {
  const payload = WildValue.payload(body);
  const data = payload.get('data');
  if (data.isNull) {
    const event = eventFromPlainWebhook(payload);
    return event === null ? deprecatedExceptionMessage(payload) : eventMessage(event);
  }
  if (!data.truthy) return deprecatedExceptionMessage(payload);
  if (data.has('event')) return eventMessage(data.at('event'));
  if (data.has('issue')) return issueMessage(payload.at('action'), data.at('issue'), payload.at('actor'));
  return { unsupported: pythonRepr(data.keys()) };
}

export function handleSentry(call: IncomingWebhookCall): IncomingWebhookOutcome {
  const result = messageFor(call.body);
  if ('unsupported' in result) return { kind: 'unsupported', eventType: result.unsupported };
  return postedMessages([{ topic: truncateTopic(result.topic), content: result.content, eventType: null }]);
}

export const sentryIntegration: IncomingWebhookIntegration = {
  name: 'sentry',
  displayName: 'Sentry',
  allEventTypes: null,
  configOptions: [],
  handle: handleSentry,
};
