import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { realmSection, RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { GetRealmDomainsQuery } from './get-realm-domains.query';
import { RealmDomain } from '../public/realm-domains';
import { presentRealmDomain } from '../api/realm-domain.presenter';

/** `realm_domains` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class RealmDomainsState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [realmSection(request, 'realm_domains', async () => (await this.queryBus.execute<GetRealmDomainsQuery, RealmDomain[]>(new GetRealmDomainsQuery(request.realmId))).map(presentRealmDomain))];
  }
}
