import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { personalSection, RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { isGuest } from '../../shared/roles';
import { UserDirectory } from '../../users/queries/user-directory';
import { GetDefaultChannelGroupsQuery } from './get-default-channel-groups.query';

/** `realm_default_stream_groups` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class DefaultChannelGroupsState implements StateContributor {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly users: UserDirectory,
  ) {}

  sections(request: RegisterStateRequest): StateSection[] {
    const wanted = request.wants('default_stream_groups');
    return [
      // Guests and spectators see no groups, as no default channels.
      personalSection(request, 'default_stream_groups', wanted, { realm_default_stream_groups: [] }, async (userId, state) => {
        // The register composition has read this row already: the read is shared.
        const guest = isGuest((await this.users.requireById(userId)).role);
        state.realm_default_stream_groups = guest ? [] : await this.queryBus.execute(new GetDefaultChannelGroupsQuery(request.realmId));
      }),
    ];
  }
}
