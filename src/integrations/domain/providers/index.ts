import type { IncomingWebhookIntegration } from '../integration';
import { alertmanagerIntegration } from './alertmanager';
import { grafanaIntegration } from './grafana';
import { pagerDutyIntegration } from './pagerduty';

/** Every incoming-webhook integration the external endpoint serves, by its URL name. */
export const INTEGRATIONS: readonly IncomingWebhookIntegration[] = [alertmanagerIntegration, grafanaIntegration, pagerDutyIntegration];
