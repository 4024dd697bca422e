import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { GetRealmDomainsQuery } from './get-realm-domains.query';

/** `realm_domains` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class RealmDomainsState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [
      {
        key: 'realm_domains',
        wanted: request.wants('realm_domains'),
        read: async (state) => {
          state.realm_domains = await this.queryBus.execute(new GetRealmDomainsQuery(request.realmId));
        },
      },
    ];
  }
}
