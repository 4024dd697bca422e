import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MutedUserRepository, MutedUserWire } from '../persistence/muted-user.repository';

/** Register's `muted_users`. */
export class GetMutedUsersQuery {
  constructor(readonly userId: number) {}
}

@QueryHandler(GetMutedUsersQuery)
export class GetMutedUsersHandler implements IQueryHandler<GetMutedUsersQuery, MutedUserWire[]> {
  constructor(
    private readonly mutes: MutedUserRepository,
  ) {}

  execute(query: GetMutedUsersQuery): Promise<MutedUserWire[]> {
    return this.mutes.list(query.userId);
  }
}
