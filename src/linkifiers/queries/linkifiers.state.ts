import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { GetLinkifiersQuery } from './get-linkifiers.query';

/** `realm_linkifiers` and the legacy `realm_filters` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class LinkifiersState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [
      // Clients that cannot expand URL templates get no linkifiers; the legacy list is always empty.
      {
        key: 'realm_linkifiers',
        wanted: request.wants('realm_linkifiers'),
        read: async (state) => {
          state.realm_linkifiers = request.options.capabilities.linkifier_url_template
            ? await this.queryBus.execute(new GetLinkifiersQuery(request.realmId))
            : [];
        },
      },
      {
        key: 'realm_filters',
        wanted: request.wants('realm_filters'),
        read: (state) => {
          state.realm_filters = [];
        },
      },
    ];
  }
}
