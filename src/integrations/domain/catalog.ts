import { IncomingWebhookIntegration } from './integration';
import { INTEGRATIONS } from './providers';

const BY_NAME: ReadonlyMap<string, IncomingWebhookIntegration> = new Map(INTEGRATIONS.map((integration) => [integration.name, integration]));

/** The integration served at `/api/v1/external/<name>`, or null for a name none has. */
export function integrationNamed(name: string): IncomingWebhookIntegration | null {
  return BY_NAME.get(name) ?? null;
}

/** Every integration, by name (register's `realm_incoming_webhook_bots`). */
export function integrationsByName(): IncomingWebhookIntegration[] {
  return [...INTEGRATIONS].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

/** Zulip's `webhook_view` name: the client name and the unsupported answer's `webhook_name`. */
export function webhookNameOf(integration: IncomingWebhookIntegration): string {
  return integration.webhookName ?? integration.displayName;
}
