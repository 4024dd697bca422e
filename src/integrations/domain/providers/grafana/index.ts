import type { IncomingWebhookCall, IncomingWebhookIntegration, IncomingWebhookOutcome } from '../../integration';
import { postedMessages } from '../shared/posted-messages';
import { WildValue } from '../shared/wild-value';
import { legacyAlertMessage } from './legacy-alert';
import { unifiedAlertMessages } from './unified-alerts';

/** Grafana's legacy states, then unified alerting's statuses: what the messages are sent under. */
const GRAFANA_EVENT_TYPES = ['ok', 'pending', 'alerting', 'paused', 'firing', 'resolved'] as const;

/**
 * Grafana's webhook contact point: unified alerting (Grafana 8 and later, a payload with
 * `alerts`) posts a message per alert; legacy alerting (Grafana 7) one per notification.
 */
function handleGrafana(call: IncomingWebhookCall): IncomingWebhookOutcome {
  const payload = WildValue.payload(call.body);
  if (payload.has('alerts')) return postedMessages(unifiedAlertMessages(payload));
  return postedMessages([legacyAlertMessage(payload)]);
}

export const grafanaIntegration: IncomingWebhookIntegration = {
  name: 'grafana',
  displayName: 'Grafana',
  allEventTypes: GRAFANA_EVENT_TYPES,
  configOptions: [],
  handle: handleGrafana,
};
