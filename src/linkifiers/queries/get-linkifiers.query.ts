import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { LinkifierStore, LinkifierWire } from '../persistence/linkifier.store';

/** `GET /realm/linkifiers` and register's `realm_linkifiers`: the realm's linkifiers in order. */
export class GetLinkifiersQuery {
  constructor(readonly realmId: number) {}
}

@QueryHandler(GetLinkifiersQuery)
export class GetLinkifiersHandler implements IQueryHandler<GetLinkifiersQuery, LinkifierWire[]> {
  constructor(private readonly store: LinkifierStore) {}

  execute(query: GetLinkifiersQuery): Promise<LinkifierWire[]> {
    return this.store.list(query.realmId);
  }
}
