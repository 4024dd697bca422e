import type { IncomingWebhookCall, IncomingWebhookIntegration, IncomingWebhookOutcome } from '../../integration';
import { postedMessages } from '../shared/posted-messages';
import { WildValue } from '../shared/wild-value';
import { alertGroupMessages } from './alert-groups';

/**
 * Prometheus Alertmanager's webhook receiver. The URL's `name` and `desc` parameters pick the
 * label or annotation that names an alert's topic (default `instance`) and the one that
 * describes it (default `alertname`).
 */
function handleAlertmanager(call: IncomingWebhookCall): IncomingWebhookOutcome {
  const payload = WildValue.payload(call.body);
  const fields = { nameField: call.params.name ?? 'instance', descField: call.params.desc ?? 'alertname' };
  return postedMessages(alertGroupMessages(payload, fields));
}

export const alertmanagerIntegration: IncomingWebhookIntegration = {
  name: 'alertmanager',
  displayName: 'Prometheus Alertmanager',
  // Zulip's webhook_view name: the client and the unsupported-event answer say it.
  webhookName: 'AlertManager',
  allEventTypes: null,
  configOptions: [],
  handle: handleAlertmanager,
};
