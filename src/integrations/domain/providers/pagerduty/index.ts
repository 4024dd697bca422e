import type { IncomingWebhookCall, IncomingWebhookIntegration, IncomingWebhookOutcome } from '../../integration';
import { type EventMessage, postedMessages } from '../shared/posted-messages';
import { WildValue } from '../shared/wild-value';
import { type IncidentFields, incidentMessage } from './incident-message';
import { V1_ACTIONS, V2_ACTIONS, V3_ACTIONS, v1IncidentFields, v2IncidentFields, v3IncidentFields } from './webhook-versions';

const PAGERDUTY_EVENT_TYPES = ['resolved', 'assigned', 'unacknowledged', 'acknowledged', 'triggered', 'reassigned'] as const;

/**
 * PagerDuty's webhooks, all three versions: v1 and v2 post a batch of `messages` (v1 naming
 * its event `type`, v2 `event`), v3 a single `event`; a message per incident event, in the
 * topic `Incident <number>` (v3: `Incident <title> (#<number>)`), sent under its verb.
 */
function handlePagerDuty(call: IncomingWebhookCall): IncomingWebhookOutcome {
  const payload = WildValue.payload(call.body);
  const batch = payload.get('messages');
  if (batch.truthy) {
    const messages = batch.list();
    const posted: EventMessage[] = [];
    const refused = readBatch(messages, V1_BATCH, posted) ?? readBatch(messages, V2_BATCH, posted);
    return refused ?? postedMessages(posted);
  }
  if (!payload.has('event')) return { kind: 'ignored' };
  const event = payload.at('event');
  const eventType = event.get('event_type').noneOrString();
  const action = eventType === null ? undefined : V3_ACTIONS.get(eventType);
  // Python names a missing type `None` in the unsupported-event answer.
  if (eventType === null || action === undefined) return { kind: 'unsupported', eventType: eventType ?? 'None' };
  return postedMessages([incidentMessage(eventType, v3IncidentFields(event, action))]);
}

/** How a v1 or v2 batch names its messages' event types, and reads their incidents. */
interface BatchVersion {
  readonly typeKey: 'type' | 'event';
  readonly actions: ReadonlyMap<string, string>;
  readonly fields: (message: WildValue, action: string) => IncidentFields;
}

const V1_BATCH: BatchVersion = { typeKey: 'type', actions: V1_ACTIONS, fields: v1IncidentFields };
const V2_BATCH: BatchVersion = { typeKey: 'event', actions: V2_ACTIONS, fields: v2IncidentFields };

/**
 * Adds the batch's messages of this version to `posted`, up to the first of another version
 * (no type under this version's key). Zulip posts a batch's messages as it reads them and
 * stops at an unsupported one, answering that event unsupported: that answer is returned,
 * and the messages before it are not posted here.
 */
function readBatch(messages: readonly WildValue[], version: BatchVersion, posted: EventMessage[]): IncomingWebhookOutcome | null {
  for (const message of messages) {
    const type = message.get(version.typeKey).noneOrString();
    if (type === null) break;
    const action = version.actions.get(type);
    if (action === undefined) return { kind: 'unsupported', eventType: type };
    posted.push(incidentMessage(type, version.fields(message, action)));
  }
  return null;
}

export const pagerDutyIntegration: IncomingWebhookIntegration = {
  name: 'pagerduty',
  displayName: 'PagerDuty',
  allEventTypes: PAGERDUTY_EVENT_TYPES,
  configOptions: [],
  handle: handlePagerDuty,
};
