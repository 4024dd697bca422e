import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { poolQueryable, Queryable } from '../../platform/database/unit-of-work';
import { RealmAddressing } from '../../realm/domain/realm-addressing';
import { RealmRepository } from '../../realm/persistence/realm.repository';
import { ApiError } from '../../shared/api-error';
import { presentUser, UserWire, Viewer } from '../api/user.presenter';
import { canSeeDeliveryEmail } from '../domain/roles';
import { UserAccess } from '../persistence/user-access';
import { UserEntity } from '../persistence/user.entity';
import { UserRepository } from '../persistence/user.repository';
import { ProfileDataReader } from '../../profile-fields/queries/profile-data.reader';

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
    private readonly dataSource: DataSource,
    private readonly users: UserRepository,
    private readonly realms: RealmRepository,
    private readonly addressing: RealmAddressing,
    private readonly access: UserAccess,
    private readonly profileData: ProfileDataReader,
  ) {}

  async execute(query: GetUserQuery): Promise<{ user: UserWire }> {
    const db = poolQueryable(this.dataSource);
    const realm = await this.realms.requireById(query.viewer.realmId);
    const hostName = this.addressing.hostName(realm.stringId);
    const target = await this.find(query, hostName, db);
    if (!(await this.access.canAccess(query.viewer, target, db))) throw ApiError.badRequest('Insufficient permission');
    const user = presentUser(target, hostName, query.viewer, { clientGravatar: query.clientGravatar });
    if (query.includeCustomProfileFields && !target.isBot) {
      user.profile_data = await this.profileData.forUser(target.realmId, target.id, db);
    }
    return { user };
  }

  /**
   * Zulip's `access_user_by_email`: the placeholder address works for everyone; a real
   * address finds only a user whose visibility setting shows it to the requester, so the
   * answer never tells whether a hidden address exists.
   */
  private async find(query: GetUserQuery, hostName: string, db: Queryable): Promise<UserEntity> {
    const { key, viewer } = query;
    let userId: number | null = null;
    if (key.kind === 'id') {
      userId = key.userId;
    } else {
      const placeholder = /^user(\d+)@(.+)$/i.exec(key.email.trim());
      if (placeholder && placeholder[2].toLowerCase() === hostName.toLowerCase()) userId = Number(placeholder[1]);
    }
    if (userId !== null) {
      const byId = Number.isSafeInteger(userId) ? await this.users.findInRealm(viewer.realmId, userId, db) : null;
      if (!byId) throw ApiError.badRequest('No such user');
      return byId;
    }
    const email = (key as { email: string }).email.trim();
    const byEmail = await this.users.findByDeliveryEmail(viewer.realmId, email, db);
    // Zulip filters by the visibility setting alone, the requester's own address included.
    if (!byEmail || !canSeeDeliveryEmail(byEmail, { id: -1, role: viewer.role })) throw ApiError.badRequest('No such user');
    return byEmail;
  }
}
