import { Injectable } from '@nestjs/common';
import { RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { integrationsByName } from '../domain/catalog';

/**
 * Register's `realm_incoming_webhook_bots` (Zulip's WEBHOOK_INTEGRATIONS): the integrations
 * an incoming-webhook bot can be set up for, the same for everyone, spectators included.
 */
@Injectable()
@RegisterStateContributor()
export class IntegrationsState implements StateContributor {
  sections(request: RegisterStateRequest): StateSection[] {
    return [
      {
        key: 'realm_incoming_webhook_bots',
        wanted: request.wants('realm_incoming_webhook_bots'),
        read: (state) => {
          state.realm_incoming_webhook_bots = integrationsByName().map((integration) => ({
            name: integration.name,
            display_name: integration.displayName,
            all_event_types: integration.allEventTypes === null ? null : [...integration.allEventTypes],
            config_options: integration.configOptions.map(({ key, label, validator }) => ({ key, label, validator })),
          }));
        },
      },
    ];
  }
}
