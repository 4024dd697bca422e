/** Every incoming-webhook integration the server offers. */
import { IncomingWebhookIntegration } from '../integration';
import { JIRA_INTEGRATION } from './jira';
import { SENTRY_INTEGRATION } from './sentry';

export const INTEGRATIONS: readonly IncomingWebhookIntegration[] = [JIRA_INTEGRATION, SENTRY_INTEGRATION];
