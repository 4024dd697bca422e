import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ProfileDataReader } from '../../profile-fields/queries/profile-data.reader';
import { UserMessageReader } from '../public/messages.port';
import { presentUser, UserWire, Viewer } from '../api/user.presenter';
import { UserRepository } from '../persistence/user.repository';

/** `GET /users`: every user of the realm, active or not, bots included. */
export class GetUsersQuery {
  constructor(
    readonly realmId: number,
    readonly viewer: Viewer,
    readonly clientGravatar: boolean,
    readonly includeCustomProfileFields: boolean,
  ) {}
}

@QueryHandler(GetUsersQuery)
export class GetUsersHandler implements IQueryHandler<GetUsersQuery, UserWire[]> {
  constructor(
    private readonly users: UserRepository,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly profileData: ProfileDataReader,
  ) {}

  async execute(query: GetUsersQuery): Promise<UserWire[]> {
    const realm = await this.realms.requireById(query.realmId);
    const hostName = this.addressing.hostName(realm.stringId);
    const users = await this.users.listInRealm(query.realmId);
    const profiles = query.includeCustomProfileFields ? await this.profileData.forUsers(query.realmId, null) : new Map();
    return users.map((user) => {
      const wire = presentUser(user, hostName, query.viewer, { clientGravatar: query.clientGravatar });
      if (query.includeCustomProfileFields && !user.isBot) wire.profile_data = profiles.get(user.id) ?? {};
      return wire;
    });
  }
}

/** `GET /users/me`: the requester, with `max_message_id` and profile data. */
export class GetOwnUserQuery {
  constructor(readonly userId: number) {}
}

@QueryHandler(GetOwnUserQuery)
export class GetOwnUserHandler implements IQueryHandler<GetOwnUserQuery, Record<string, unknown>> {
  constructor(
    private readonly users: UserRepository,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly profileData: ProfileDataReader,
    private readonly messages: UserMessageReader,
  ) {}

  async execute(query: GetOwnUserQuery): Promise<Record<string, unknown>> {
    const user = await this.users.findById(query.userId);
    if (!user) throw new Error(`user ${query.userId} vanished`);
    const realm = await this.realms.requireById(user.realmId);
    const wire = presentUser(user, this.addressing.hostName(realm.stringId), user, { clientGravatar: false });
    return {
      ...wire,
      ...(user.isBot ? {} : { profile_data: await this.profileData.forUser(user.realmId, user.id) }),
      max_message_id: await this.messages.maxMessageId(user.id),
    };
  }
}
