import { Injectable } from '@nestjs/common';
import { GroupRepository } from '../../groups/persistence/group.repository';
import { RealmGroupSettingsRepository } from '../../groups/persistence/realm-group-settings.repository';
import { RecipientType } from '../../messages/persistence/recipient.entity';
import { Queryable } from '../../platform/database/unit-of-work';
import { isGuest } from '../domain/roles';

/**
 * Zulip's `check_can_access_user`: everyone sees bots and themselves; only a guest outside
 * the realm's `can_access_all_users_group` is limited to users they share a channel or a
 * group conversation with.
 */
@Injectable()
export class UserAccess {
  constructor(
    private readonly groups: GroupRepository,
    private readonly realmSettings: RealmGroupSettingsRepository,
  ) {}

  async canAccess(viewer: { id: number; role: number; realmId: number }, target: { id: number; isBot: boolean }, db: Queryable): Promise<boolean> {
    if (target.isBot || target.id === viewer.id || !isGuest(viewer.role)) return true;
    const everyoneGroup = await this.realmSettings.groupId(viewer.realmId, 'can_access_all_users_group', db);
    if (await this.groups.isMember(viewer.id, everyoneGroup, db)) return true;
    const [row] = await db.query<{ shared: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM subscription mine
           JOIN recipient r ON r.id = mine.recipient_id AND r.type = ANY($3::int[])
           JOIN subscription theirs ON theirs.recipient_id = mine.recipient_id
          WHERE mine.user_profile_id = $1 AND mine.active
            AND theirs.user_profile_id = $2 AND theirs.active AND theirs.is_user_active) AS shared`,
      [viewer.id, target.id, [RecipientType.Stream, RecipientType.DirectMessageGroup]],
    );
    return row.shared;
  }
}
