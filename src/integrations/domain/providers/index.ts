import type { IncomingWebhookIntegration } from '../integration';
import { alertmanagerIntegration } from './alertmanager';
import { githubIntegration, githubSponsorsIntegration } from './github';
import { gitlabIntegration } from './gitlab';
import { grafanaIntegration } from './grafana';
import { jiraIntegration } from './jira';
import { jsonIntegration } from './json/json.integration';
import { pagerDutyIntegration } from './pagerduty';
import { sentryIntegration } from './sentry';
import { slackIncomingIntegration } from './slack_incoming/slack-incoming.integration';

/**
 * Every incoming-webhook integration the server offers at `/api/v1/external/<name>`, and
 * lists in register's `realm_incoming_webhook_bots` (sorted by name there, so the order
 * here does not matter). A provider is added with one line below (docs/integrations.md).
 */
export const INTEGRATIONS: readonly IncomingWebhookIntegration[] = [
  alertmanagerIntegration,
  githubIntegration,
  githubSponsorsIntegration,
  gitlabIntegration,
  grafanaIntegration,
  jiraIntegration,
  jsonIntegration,
  pagerDutyIntegration,
  sentryIntegration,
  slackIncomingIntegration,
];
