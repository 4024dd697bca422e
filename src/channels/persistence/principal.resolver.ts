import { Injectable } from '@nestjs/common';
import { Queryable } from '../../platform/database/unit-of-work';
import { ApiError } from '../../shared/api-error';
import { UserEntity } from '../../users/persistence/user.entity';
import { UserRepository } from '../../users/persistence/user.repository';

/**
 * The `principals` of the subscription endpoints: user ids (preferred) or emails, all of
 * active users of the realm. A missing or deactivated user is a 400 BAD_REQUEST (feature
 * level 208 and later), with the same answer either way.
 */
@Injectable()
export class PrincipalResolver {
  constructor(private readonly users: UserRepository) {}

  /** The users named, or the actor alone when none are. */
  async resolve(
    realmId: number,
    actorId: number,
    principals: readonly (number | string)[] | null,
    db: Queryable,
  ): Promise<UserEntity[]> {
    if (principals === null || principals.length === 0) {
      const self = await this.users.findById(actorId, db);
      if (!self) throw new Error(`user ${actorId} does not exist`);
      return [self];
    }
    const users: UserEntity[] = [];
    for (const principal of new Set(principals)) {
      const user = typeof principal === 'number'
        ? await this.users.findInRealm(realmId, principal, db)
        : await this.users.findByDeliveryEmail(realmId, principal, db);
      if (!user || !user.isActive) {
        throw ApiError.badRequest(`User not authorized to execute queries on behalf of '${principal}'`);
      }
      if (!users.some((known) => known.id === user.id)) users.push(user);
    }
    return users;
  }
}
