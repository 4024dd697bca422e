/**
 * Sentry (`/api/v1/external/sentry`), as Zulip 10.2 formats it: alert-rule events
 * (exceptions with their traceback, captured messages), issue webhooks, Sentry's plain
 * webhook and its older plugin. Sentry names no event types for `only_events`.
 */
import {
  IncomingWebhookCall,
  IncomingWebhookIntegration,
  IncomingWebhookOutcome,
  MalformedWebhookPayload,
} from '../../integration';
import {
  expectObject,
  fieldOf,
  hasKey,
  isJsonObject,
  isTruthy,
  normalizeContent,
  pythonListRepr,
  required,
  truncateTopic,
} from '../payload';
import { eventMessage } from './event-message';
import { issueMessage } from './issue-message';
import { deprecatedExceptionMessage, eventFromPlainWebhook } from './legacy-payload';
import { SentryMessage, SentryUnsupported } from './sentry-message';

function messageFor(body: unknown): SentryMessage | SentryUnsupported {
  const payload = expectObject(body, 'payload');
  const dataValue = fieldOf(payload, 'data');
  if (dataValue === undefined || dataValue === null) {
    const event = eventFromPlainWebhook(payload);
    return event === null ? deprecatedExceptionMessage(payload) : eventMessage(event);
  }
  if (!isTruthy(dataValue)) return deprecatedExceptionMessage(payload);
  if (!isJsonObject(dataValue)) throw new MalformedWebhookPayload('payload["data"] is not a dict');
  if (hasKey(dataValue, 'event')) return eventMessage(dataValue.event);
  if (hasKey(dataValue, 'issue')) {
    return issueMessage(required(payload, 'action', 'payload'), dataValue.issue, required(payload, 'actor', 'payload'));
  }
  return { unsupported: pythonListRepr(Object.keys(dataValue)) };
}

export function handleSentry(call: IncomingWebhookCall): IncomingWebhookOutcome {
  const result = messageFor(call.body);
  if ('unsupported' in result) return { kind: 'unsupported', eventType: result.unsupported };
  return {
    kind: 'messages',
    eventType: null,
    messages: [{ topic: truncateTopic(result.topic), content: normalizeContent(result.content) }],
  };
}

export const sentryIntegration: IncomingWebhookIntegration = {
  name: 'sentry',
  displayName: 'Sentry',
  allEventTypes: null,
  configOptions: [],
  handle: handleSentry,
};
