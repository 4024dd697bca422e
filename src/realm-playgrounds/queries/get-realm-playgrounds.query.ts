import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { RealmPlaygroundStore, RealmPlaygroundWire } from '../persistence/realm-playground.store';

export type { RealmPlaygroundWire };

/** Register's `realm_playgrounds`: the realm's code playgrounds, for everyone (spectators too). */
export class GetRealmPlaygroundsQuery {
  constructor(readonly realmId: number) {}
}

@QueryHandler(GetRealmPlaygroundsQuery)
export class GetRealmPlaygroundsHandler implements IQueryHandler<GetRealmPlaygroundsQuery, RealmPlaygroundWire[]> {
  constructor(private readonly store: RealmPlaygroundStore) {}

  execute({ realmId }: GetRealmPlaygroundsQuery): Promise<RealmPlaygroundWire[]> {
    return this.store.list(realmId);
  }
}
