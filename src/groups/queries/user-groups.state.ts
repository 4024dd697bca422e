import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { GetUserGroupsQuery } from './get-user-groups.query';

/** `realm_user_groups` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class UserGroupsState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [
      {
        key: 'realm_user_groups',
        wanted: request.wants('realm_user_groups'),
        read: async (state) => {
          state.realm_user_groups = await this.queryBus.execute(
            new GetUserGroupsQuery(request.realmId, request.options.capabilities.include_deactivated_groups),
          );
        },
      },
    ];
  }
}
