import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { LinkifierStore } from '../persistence/linkifier.store';
import { LinkifierWire, presentLinkifier } from '../api/linkifier.presenter';

/** `GET /realm/linkifiers` and register's `realm_linkifiers`: the realm's linkifiers in order. */
export class GetLinkifiersQuery {
  constructor(readonly realmId: number) {}
}

@QueryHandler(GetLinkifiersQuery)
export class GetLinkifiersHandler implements IQueryHandler<GetLinkifiersQuery, LinkifierWire[]> {
  constructor(private readonly store: LinkifierStore) {}

  async execute(query: GetLinkifiersQuery): Promise<LinkifierWire[]> {
    return (await this.store.list(query.realmId)).map(presentLinkifier);
  }
}
