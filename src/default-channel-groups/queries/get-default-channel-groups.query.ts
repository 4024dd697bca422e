import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DefaultChannelGroupWire, presentGroups } from '../domain/default-channel-group-rules';
import { DefaultChannelGroupStore } from '../persistence/default-channel-group.store';

export type { DefaultChannelGroupWire };

/** Register's `realm_default_stream_groups`: every group of the realm, sorted as Zulip sorts them. */
export class GetDefaultChannelGroupsQuery {
  constructor(readonly realmId: number) {}
}

@QueryHandler(GetDefaultChannelGroupsQuery)
export class GetDefaultChannelGroupsHandler implements IQueryHandler<GetDefaultChannelGroupsQuery, DefaultChannelGroupWire[]> {
  constructor(private readonly store: DefaultChannelGroupStore) {}

  async execute({ realmId }: GetDefaultChannelGroupsQuery): Promise<DefaultChannelGroupWire[]> {
    return presentGroups(await this.store.list(realmId));
  }
}
