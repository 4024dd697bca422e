import { IncomingWebhookIntegration } from '../integration';
import { githubIntegration, githubSponsorsIntegration } from './github';
import { gitlabIntegration } from './gitlab';

/** Every incoming-webhook integration the server serves, by its URL name. */
export const INTEGRATIONS: readonly IncomingWebhookIntegration[] = [githubIntegration, githubSponsorsIntegration, gitlabIntegration];
