import type { IncomingWebhookIntegration } from '../integration';
import { alertmanagerIntegration } from './alertmanager';
import { grafanaIntegration } from './grafana';
import { JIRA_INTEGRATION } from './jira';
import { pagerDutyIntegration } from './pagerduty';
import { SENTRY_INTEGRATION } from './sentry';

/** Every incoming-webhook integration the external endpoint serves, by its URL name. */
export const INTEGRATIONS: readonly IncomingWebhookIntegration[] = [
  alertmanagerIntegration,
  grafanaIntegration,
  JIRA_INTEGRATION,
  pagerDutyIntegration,
  SENTRY_INTEGRATION,
];
