import { Injectable } from '@nestjs/common';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { Database } from '../../platform/database/database';
import { UserDirectory } from '../../users/queries/user-directory';
import { userProfileRelation } from '../../users/public/read-relations';

/** An actor as `actorColumnSql` and `actorRow` read it. */
export interface ActorRow {
  id: number;
  realm_id: number;
  role: number;
  is_bot: boolean;
  bot_owner_id: number | null;
  group_ids: number[];
  settings: Record<string, number>;
}

/**
 * SQL for one JSON column, `userIdSql`'s actor row, for a statement that reads other
 * things too: a send reads its channel and its sender in one round trip.
 */
export function actorColumnSql(userIdSql: string): string {
  return `(WITH RECURSIVE ${GroupDirectory.recursiveGroupsSql(userIdSql, userProfileRelation)}
             SELECT json_build_object('id', u.id, 'realm_id', u.realm_id, 'role', u.role, 'is_bot', u.is_bot,
                      'bot_owner_id', u.bot_owner_id, 'group_ids', ARRAY(SELECT id FROM g),
                      'settings', ${RealmGroupSettingsReader.storedSettingsSql('u.realm_id')})
               FROM ${userProfileRelation('u')} WHERE u.id = ${userIdSql})`;
}

/**
 * The reads channel decisions make of the users and groups around a channel, each in one
 * round trip (a send and every access check need them): the actor's row joins the users
 * module's read relation to the groups' recursion; the rest are those modules' readers.
 */
@Injectable()
export class ChannelReadStore {
  constructor(
    private readonly database: Database,
    private readonly users: UserDirectory,
    private readonly groups: GroupDirectory,
  ) {}

  /** The user, their groups (nested ones included) and the realm's stored settings. */
  async actorRow(userId: number): Promise<ActorRow | undefined> {
    const [user] = await this.database.query<ActorRow>(
      `WITH RECURSIVE ${GroupDirectory.recursiveGroupsSql('$1', userProfileRelation)}
       SELECT u.id, u.realm_id, u.role, u.is_bot, u.bot_owner_id, ARRAY(SELECT id FROM g) AS group_ids,
              ${RealmGroupSettingsReader.storedSettingsSql('u.realm_id')} AS settings
         FROM ${userProfileRelation('u')} WHERE u.id = $1`,
      [userId],
    );
    return user;
  }

  /** The realm's active users with their roles, by id. */
  activeUsers(realmId: number): Promise<{ id: number; role: number; is_bot: boolean }[]> {
    return this.users.activeUserKinds(realmId);
  }

  /** The members of each group, nested groups' members included. */
  groupMembers(groupIds: readonly number[]): Promise<{ group_id: number; user_id: number }[]> {
    return this.groups.recursiveMembers(groupIds);
  }
}
