import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { realmSection, RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { GetRealmPlaygroundsQuery } from './get-realm-playgrounds.query';

/** `realm_playgrounds` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class RealmPlaygroundsState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [realmSection(request, 'realm_playgrounds', () => this.queryBus.execute(new GetRealmPlaygroundsQuery(request.realmId)))];
  }
}
