import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MutedUserRepository } from '../persistence/muted-user.repository';
import { MutedUserWire, presentMute } from '../api/muted-user.presenter';

/** Register's `muted_users`. */
export class GetMutedUsersQuery {
  constructor(readonly userId: number) {}
}

@QueryHandler(GetMutedUsersQuery)
export class GetMutedUsersHandler implements IQueryHandler<GetMutedUsersQuery, MutedUserWire[]> {
  constructor(
    private readonly mutes: MutedUserRepository,
  ) {}

  async execute(query: GetMutedUsersQuery): Promise<MutedUserWire[]> {
    return (await this.mutes.list(query.userId)).map(presentMute);
  }
}
