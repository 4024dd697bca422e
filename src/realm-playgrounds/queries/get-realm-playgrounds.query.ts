import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { RealmPlaygroundStore } from '../persistence/realm-playground.store';
import { presentPlayground, RealmPlaygroundWire } from '../api/realm-playground.presenter';

/** Register's `realm_playgrounds`: the realm's code playgrounds, for everyone (spectators too). */
export class GetRealmPlaygroundsQuery {
  constructor(readonly realmId: number) {}
}

@QueryHandler(GetRealmPlaygroundsQuery)
export class GetRealmPlaygroundsHandler implements IQueryHandler<GetRealmPlaygroundsQuery, RealmPlaygroundWire[]> {
  constructor(private readonly store: RealmPlaygroundStore) {}

  async execute({ realmId }: GetRealmPlaygroundsQuery): Promise<RealmPlaygroundWire[]> {
    return (await this.store.list(realmId)).map(presentPlayground);
  }
}
