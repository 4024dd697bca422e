import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { MuteRow, MutedUserRepository } from '../persistence/muted-user.repository';

/** Register's `muted_users`. */
export class GetMutedUsersQuery {
  constructor(readonly userId: number) {}
}

@QueryHandler(GetMutedUsersQuery)
export class GetMutedUsersHandler implements IQueryHandler<GetMutedUsersQuery, MuteRow[]> {
  constructor(
    private readonly mutes: MutedUserRepository,
  ) {}

  execute(query: GetMutedUsersQuery): Promise<MuteRow[]> {
    return this.mutes.list(query.userId);
  }
}
