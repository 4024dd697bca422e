import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection, personalSection } from '../../platform/events/state/register-state';
import { GetMutedUsersQuery } from './get-muted-users.query';
import { MuteRow } from '../persistence/muted-user.repository';
import { presentMute } from '../api/muted-user.presenter';

/** `muted_users` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class MutedUsersState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [
      personalSection(request, 'muted_users', request.wants('muted_users'), { muted_users: [] }, async (viewerId, state) => {
        state.muted_users = (await this.queryBus.execute<GetMutedUsersQuery, MuteRow[]>(new GetMutedUsersQuery(viewerId))).map(presentMute);
      }),
    ];
  }
}
