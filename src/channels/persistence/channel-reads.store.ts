import { Injectable } from '@nestjs/common';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { Database } from '../../platform/database/database';
import { activeUserIds } from '../../users/public/users-read-relations';

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
  return `(WITH RECURSIVE ${GroupDirectory.recursiveGroupsSql(userIdSql, activeUserIds)}
             SELECT json_build_object('id', u.id, 'realm_id', u.realm_id, 'role', u.role, 'is_bot', u.is_bot,
                      'bot_owner_id', u.bot_owner_id, 'group_ids', ARRAY(SELECT id FROM g),
                      'settings', ${RealmGroupSettingsReader.storedSettingsSql('u.realm_id')})
               FROM user_profile u WHERE u.id = ${userIdSql})`;
}

/**
 * The reads channel decisions make of the users and groups around a channel, each in one
 * round trip (a send and every access check need them): they join users' and groups'
 * tables, so they sit here rather than behind those modules' readers.
 */
@Injectable()
export class ChannelReadStore {
  constructor(private readonly database: Database) {}

  /** The user, their groups (nested ones included) and the realm's stored settings. */
  async actorRow(userId: number): Promise<ActorRow | undefined> {
    const [user] = await this.database.query<ActorRow>(
      `WITH RECURSIVE ${GroupDirectory.recursiveGroupsSql('$1', activeUserIds)}
       SELECT u.id, u.realm_id, u.role, u.is_bot, u.bot_owner_id, ARRAY(SELECT id FROM g) AS group_ids,
              ${RealmGroupSettingsReader.storedSettingsSql('u.realm_id')} AS settings
         FROM user_profile u WHERE u.id = $1`,
      [userId],
    );
    return user;
  }

  /** The realm's active users with their roles, by id. */
  activeUsers(realmId: number): Promise<{ id: number; role: number; is_bot: boolean }[]> {
    return this.database.query<{ id: number; role: number; is_bot: boolean }>(
      `SELECT id, role, is_bot FROM user_profile WHERE realm_id = $1 AND is_active ORDER BY id`,
      [realmId],
    );
  }

  /** The members of each group, nested groups' members included. */
  groupMembers(groupIds: readonly number[]): Promise<{ group_id: number; user_id: number }[]> {
    return this.database.query<{ group_id: number; user_id: number }>(
      `WITH RECURSIVE sub(root, id) AS (
         SELECT g, g FROM unnest($1::int[]) AS g
         UNION SELECT sub.root, s.subgroup_id FROM group_group_membership s JOIN sub ON s.supergroup_id = sub.id)
       SELECT DISTINCT sub.root AS group_id, m.user_profile_id AS user_id
         FROM sub JOIN user_group_membership m ON m.user_group_id = sub.id`,
      [groupIds],
    );
  }

  /**
   * A channel's topics, newest first, each named as its newest message spells it; with
   * `onlyHeldBy`, only the messages that user has a row of count.
   */
  topics(recipientId: number | null, onlyHeldBy: number | null): Promise<{ name: string; max_id: number }[]> {
    return this.database.query<{ name: string; max_id: number }>(
      `SELECT m.subject AS name, t.max_id
         FROM (SELECT max(m.id) AS max_id FROM message m
                WHERE m.recipient_id = $1
                  AND ($2::int IS NULL OR EXISTS (
                        SELECT 1 FROM user_message um WHERE um.message_id = m.id AND um.user_profile_id = $2))
                GROUP BY lower(m.subject)) t
         JOIN message m ON m.id = t.max_id
        ORDER BY t.max_id DESC`,
      [recipientId, onlyHeldBy],
    );
  }
}
