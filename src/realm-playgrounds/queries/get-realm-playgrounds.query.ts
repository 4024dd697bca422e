import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { RealmPlaygroundRow, RealmPlaygroundStore } from '../persistence/realm-playground.store';

/** Register's `realm_playgrounds`: the realm's code playgrounds, for everyone (spectators too). */
export class GetRealmPlaygroundsQuery {
  constructor(readonly realmId: number) {}
}

@QueryHandler(GetRealmPlaygroundsQuery)
export class GetRealmPlaygroundsHandler implements IQueryHandler<GetRealmPlaygroundsQuery, RealmPlaygroundRow[]> {
  constructor(private readonly store: RealmPlaygroundStore) {}

  execute({ realmId }: GetRealmPlaygroundsQuery): Promise<RealmPlaygroundRow[]> {
    return this.store.list(realmId);
  }
}
