import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { realmSection, RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { GetUserGroupsQuery } from './get-user-groups.query';
import { UserGroupListing } from './user-group-listing';
import { presentUserGroups } from '../api/user-group.presenter';

/** `realm_user_groups` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class UserGroupsState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [realmSection(request, 'realm_user_groups', async () => presentUserGroups(await this.queryBus.execute<GetUserGroupsQuery, UserGroupListing>(new GetUserGroupsQuery(request.realmId, request.options.capabilities.include_deactivated_groups))))];
  }
}
