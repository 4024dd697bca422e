import type { IncomingWebhookIntegration } from '../integration';
import { alertmanagerIntegration } from './alertmanager';
import { githubIntegration, githubSponsorsIntegration } from './github';
import { gitlabIntegration } from './gitlab';
import { grafanaIntegration } from './grafana';
import { jiraIntegration } from './jira';
import { pagerDutyIntegration } from './pagerduty';
import { sentryIntegration } from './sentry';

/** Every incoming-webhook integration the external endpoint serves, by its URL name. */
export const INTEGRATIONS: readonly IncomingWebhookIntegration[] = [
  alertmanagerIntegration,
  githubIntegration,
  githubSponsorsIntegration,
  gitlabIntegration,
  grafanaIntegration,
  jiraIntegration,
  pagerDutyIntegration,
  sentryIntegration,
];
