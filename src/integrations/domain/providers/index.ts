import { IncomingWebhookIntegration } from '../integration';
import { JSON_INTEGRATION } from './json/json.integration';
import { SLACK_INCOMING_INTEGRATION } from './slack_incoming/slack-incoming.integration';

/**
 * Every incoming-webhook integration the server offers at `/api/v1/external/<name>`, and
 * lists in register's `realm_incoming_webhook_bots` (sorted by name there, so the order
 * here does not matter). A provider is added with one line below (docs/integrations.md).
 */
export const INTEGRATIONS: readonly IncomingWebhookIntegration[] = [
  JSON_INTEGRATION,
  SLACK_INCOMING_INTEGRATION,
];
