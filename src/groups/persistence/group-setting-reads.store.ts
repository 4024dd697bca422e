import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';

/** What group settings and membership questions read of the groups and users they name. */
@Injectable()
export class GroupSettingReads {
  constructor(private readonly database: Database) {}

  /** Which of the users are active users of the realm (users sit above groups, which so cannot ask them). */
  activeUsersAmong(realmId: number, userIds: readonly number[]): Promise<{ id: number }[]> {
    return this.database.query<{ id: number }>(
      `SELECT id FROM user_profile WHERE realm_id = $1 AND is_active AND id = ANY($2::int[])`,
      [realmId, userIds],
    );
  }

  /** A named group of the realm. */
  namedGroup(realmId: number, groupId: number): Promise<{ id: number; name: string; is_system_group: boolean; deactivated: boolean }[]> {
    return this.database.query<{ id: number; name: string; is_system_group: boolean; deactivated: boolean }>(
      `SELECT id, name, is_system_group, deactivated FROM user_group WHERE realm_id = $1 AND id = $2 AND name IS NOT NULL`,
      [realmId, groupId],
    );
  }

  /** Whether the realm's user is active, and a bot. */
  userState(realmId: number, userId: number): Promise<{ is_active: boolean; is_bot: boolean }[]> {
    return this.database.query<{ is_active: boolean; is_bot: boolean }>(
      `SELECT is_active, is_bot FROM user_profile WHERE realm_id = $1 AND id = $2`,
      [realmId, userId],
    );
  }
}
