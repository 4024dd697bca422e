import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { realmSection, RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { GetRealmPlaygroundsQuery } from './get-realm-playgrounds.query';
import { RealmPlaygroundRow } from '../persistence/realm-playground.store';
import { presentPlayground } from '../api/realm-playground.presenter';

/** `realm_playgrounds` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class RealmPlaygroundsState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [realmSection(request, 'realm_playgrounds', async () => (await this.queryBus.execute<GetRealmPlaygroundsQuery, RealmPlaygroundRow[]>(new GetRealmPlaygroundsQuery(request.realmId))).map(presentPlayground))];
  }
}
