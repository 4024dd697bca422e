import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { realmSection, RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection } from '../../platform/events/state/register-state';
import { GetUserGroupsQuery } from './get-user-groups.query';

/** `realm_user_groups` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class UserGroupsState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [realmSection(request, 'realm_user_groups', () => this.queryBus.execute(new GetUserGroupsQuery(request.realmId, request.options.capabilities.include_deactivated_groups)))];
  }
}
