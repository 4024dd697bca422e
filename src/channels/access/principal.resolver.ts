import { Injectable } from '@nestjs/common';
import { ApiError } from '../../shared/api-error';
import { UserRow } from '../../users/public/user-row';
import { UserDirectory } from '../../users/queries/user-directory';
import { UserByEmailReader } from '../../users/queries/user-by-email.reader';
import { Database } from '../../platform/database/database';

/**
 * The `principals` of the subscription endpoints: user ids (preferred) or API emails, all
 * of active users of the realm (Zulip's `bulk_principals_to_user_profiles`). An address
 * whose owner hides it names no one, as in Zulip, which matches the API email only. A
 * missing user is a 400 "No such user", whichever principal it is, before any deactivated
 * one is a 400 "User is deactivated" (feature level 208 and later).
 */
@Injectable()
export class PrincipalResolver {
  constructor(
    private readonly users: UserDirectory,
    private readonly emails: UserByEmailReader,
    private readonly database: Database,
  ) {}

  /** The users named, or the actor alone when none are. */
  async resolve(
    realmId: number,
    actorId: number,
    principals: readonly (number | string)[] | null,
  ): Promise<UserRow[]> {
    if (principals === null || principals.length === 0) {
      const self = await this.users.findById(actorId);
      if (!self) throw new Error(`user ${actorId} does not exist`);
      return [self];
    }
    const users: UserRow[] = [];
    for (const principal of new Set(principals)) {
      const user = typeof principal === 'number'
        ? await this.users.findInRealm(realmId, principal)
        : await this.emails.findByApiEmail(realmId, principal);
      if (!user) throw ApiError.badRequest('No such user');
      if (!users.some((known) => known.id === user.id)) users.push(user);
    }
    if (users.some((user) => !user.isActive)) throw ApiError.badRequest('User is deactivated');
    return users;
  }
}
