import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';

/** What group settings read of the groups they name. */
@Injectable()
export class GroupSettingReads {
  constructor(private readonly database: Database) {}

  /** A named group of the realm. */
  namedGroup(realmId: number, groupId: number): Promise<{ id: number; name: string; is_system_group: boolean; deactivated: boolean }[]> {
    return this.database.query<{ id: number; name: string; is_system_group: boolean; deactivated: boolean }>(
      `SELECT id, name, is_system_group, deactivated FROM user_group WHERE realm_id = $1 AND id = $2 AND name IS NOT NULL`,
      [realmId, groupId],
    );
  }
}
