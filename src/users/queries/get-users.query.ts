import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ProfileData, ProfileDataReader } from '../../profile-fields/queries/profile-data.reader';
import { UserMessageReader } from '../public/messages.port';
import { UserRepository } from '../persistence/user.repository';
import type { UserProfileView } from '../persistence/user.repository';
import { UserRow } from '../public/user-row';

/** `GET /users`: every user of the realm, active or not, bots included. */
export class GetUsersQuery {
  constructor(
    readonly realmId: number,
    readonly includeCustomProfileFields: boolean,
  ) {}
}

/** The realm's users, its host name (for placeholder addresses) and, when asked for, their profile data. */
export interface UserListing {
  users: UserProfileView[];
  realmHostName: string;
  profiles: Map<number, ProfileData> | null;
}

@QueryHandler(GetUsersQuery)
export class GetUsersHandler implements IQueryHandler<GetUsersQuery, UserListing> {
  constructor(
    private readonly users: UserRepository,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly profileData: ProfileDataReader,
  ) {}

  async execute(query: GetUsersQuery): Promise<UserListing> {
    const realm = await this.realms.requireById(query.realmId);
    const realmHostName = this.addressing.hostName(realm.stringId);
    const users = await this.users.listInRealm(query.realmId);
    const profiles = query.includeCustomProfileFields ? await this.profileData.forUsers(query.realmId, null) : null;
    return { users, realmHostName, profiles };
  }
}

/** `GET /users/me`: the requester, with `max_message_id` and profile data. */
export class GetOwnUserQuery {
  constructor(readonly userId: number) {}
}

/** The requester, the realm's host name, their profile data (none for bots) and newest message id. */
export interface OwnUser {
  user: UserRow;
  realmHostName: string;
  profileData: ProfileData | null;
  maxMessageId: number;
}

@QueryHandler(GetOwnUserQuery)
export class GetOwnUserHandler implements IQueryHandler<GetOwnUserQuery, OwnUser> {
  constructor(
    private readonly users: UserRepository,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly profileData: ProfileDataReader,
    private readonly messages: UserMessageReader,
  ) {}

  async execute(query: GetOwnUserQuery): Promise<OwnUser> {
    const user = await this.users.findById(query.userId);
    if (!user) throw new Error(`user ${query.userId} vanished`);
    const realm = await this.realms.requireById(user.realmId);
    return {
      user,
      realmHostName: this.addressing.hostName(realm.stringId),
      profileData: user.isBot ? null : await this.profileData.forUser(user.realmId, user.id),
      maxMessageId: await this.messages.maxMessageId(user.id),
    };
  }
}
