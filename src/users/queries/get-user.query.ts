import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { presentUser, UserWire, Viewer } from '../api/user.presenter';
import { insufficientPermission } from '../../shared/authorization';
import { UserAccess } from '../access/user-access';
import { UserRow } from '../public/user-row';
import { UserRepository } from '../persistence/user.repository';
import { UserByEmailReader } from './user-by-email.reader';
import { ProfileDataReader } from '../../profile-fields/queries/profile-data.reader';
import { Database } from '../../platform/database/database';

/** How `GET /users/{...}` names its user: by id, or by an email address. */
export type UserKey = { kind: 'id'; userId: number } | { kind: 'email'; email: string };

/** `GET /users/{user_id}` and `GET /users/{email}`: one user, deactivated ones and bots too. */
export class GetUserQuery {
  constructor(
    readonly viewer: Viewer & { realmId: number },
    readonly key: UserKey,
    readonly clientGravatar: boolean,
    readonly includeCustomProfileFields: boolean,
  ) {}
}

@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery, { user: UserWire }> {
  constructor(
    private readonly users: UserRepository,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly access: UserAccess,
    private readonly profileData: ProfileDataReader,
    private readonly emails: UserByEmailReader,
    private readonly database: Database,
  ) {}

  async execute(query: GetUserQuery): Promise<{ user: UserWire }> {
    const realm = await this.realms.requireById(query.viewer.realmId);
    const hostName = this.addressing.hostName(realm.stringId);
    const target = await this.find(query);
    if (!(await this.access.canAccess(query.viewer, target))) throw insufficientPermission();
    const user = presentUser(target, hostName, query.viewer, { clientGravatar: query.clientGravatar });
    if (query.includeCustomProfileFields && !target.isBot) {
      user.profile_data = await this.profileData.forUser(target.realmId, target.id);
    }
    return { user };
  }

  /** Zulip's `access_user_by_id` / `access_user_by_email` (see `UserByEmailReader`). */
  private async find(query: GetUserQuery): Promise<UserRow> {
    const { key, viewer } = query;
    const target = key.kind === 'id'
      ? Number.isSafeInteger(key.userId) ? await this.users.findInRealm(viewer.realmId, key.userId) : null
      : await this.emails.findVisibleByEmail(viewer.realmId, key.email, viewer.role);
    if (!target) throw ApiError.badRequest('No such user');
    return target;
  }
}
