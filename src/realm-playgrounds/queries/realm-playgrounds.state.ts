import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { GetRealmPlaygroundsQuery } from './get-realm-playgrounds.query';

/** `realm_playgrounds` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class RealmPlaygroundsState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [
      {
        key: 'realm_playgrounds',
        wanted: request.wants('realm_playgrounds'),
        read: async (state) => {
          state.realm_playgrounds = await this.queryBus.execute(new GetRealmPlaygroundsQuery(request.realmId));
        },
      },
    ];
  }
}
