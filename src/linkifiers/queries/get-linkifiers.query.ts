import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { LinkifierRow, LinkifierStore } from '../persistence/linkifier.store';

/** `GET /realm/linkifiers` and register's `realm_linkifiers`: the realm's linkifiers in order. */
export class GetLinkifiersQuery {
  constructor(readonly realmId: number) {}
}

@QueryHandler(GetLinkifiersQuery)
export class GetLinkifiersHandler implements IQueryHandler<GetLinkifiersQuery, LinkifierRow[]> {
  constructor(private readonly store: LinkifierStore) {}

  execute(query: GetLinkifiersQuery): Promise<LinkifierRow[]> {
    return this.store.list(query.realmId);
  }
}
