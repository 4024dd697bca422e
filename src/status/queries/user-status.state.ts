import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection, personalSection } from '../../platform/events/state/register-state';
import { UserStatusStateQuery } from './get-user-status.query';

/** `user_status` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class UserStatusState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [
      // Statuses need an account to see them.
      personalSection(request, 'user_status', request.wants('user_status'), { user_status: {} }, async (_viewerId, state) => {
        state.user_status = await this.queryBus.execute(new UserStatusStateQuery(request.realmId));
      }),
    ];
  }
}
