import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { Viewer } from '../public/user-identity';
import { insufficientPermission } from '../../shared/authorization';
import { UserAccess } from '../access/user-access';
import { UserRow } from '../public/user-row';
import { UserRepository } from '../persistence/user.repository';
import { UserByEmailReader } from './user-by-email.reader';
import { ProfileData, ProfileDataReader } from '../../profile-fields/queries/profile-data.reader';
import { Database } from '../../platform/database/database';

/** How `GET /users/{...}` names its user: by id, or by an email address. */
export type UserKey = { kind: 'id'; userId: number } | { kind: 'email'; email: string };

/** `GET /users/{user_id}` and `GET /users/{email}`: one user, deactivated ones and bots too. */
export class GetUserQuery {
  constructor(
    readonly viewer: Viewer & { realmId: number },
    readonly key: UserKey,
    readonly includeCustomProfileFields: boolean,
  ) {}
}

/** The user the viewer asked for, the realm's host name its placeholder address needs, and its profile data when asked for. */
export interface FoundUser {
  user: UserRow;
  realmHostName: string;
  profileData: ProfileData | null;
}

@QueryHandler(GetUserQuery)
export class GetUserHandler implements IQueryHandler<GetUserQuery, FoundUser> {
  constructor(
    private readonly users: UserRepository,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly access: UserAccess,
    private readonly profileData: ProfileDataReader,
    private readonly emails: UserByEmailReader,
    private readonly database: Database,
  ) {}

  async execute(query: GetUserQuery): Promise<FoundUser> {
    const realm = await this.realms.requireById(query.viewer.realmId);
    const realmHostName = this.addressing.hostName(realm.stringId);
    const user = await this.find(query);
    if (!(await this.access.canAccess(query.viewer, user))) throw insufficientPermission();
    const profileData = query.includeCustomProfileFields && !user.isBot ? await this.profileData.forUser(user.realmId, user.id) : null;
    return { user, realmHostName, profileData };
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
