import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { GroupRepository } from '../../groups/persistence/group.repository';
import { RealmGroupSettingsRepository } from '../../groups/persistence/realm-group-settings.repository';
import { poolQueryable, Queryable } from '../../platform/database/unit-of-work';
import { PolicyActor } from '../domain/channel-policy';

/** Who a user is for channel decisions: loaded once per request (a few small queries). */
@Injectable()
export class PolicyActorLoader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly groups: GroupRepository,
    private readonly realmSettings: RealmGroupSettingsRepository,
  ) {}

  async load(userId: number, db: Queryable = poolQueryable(this.dataSource)): Promise<PolicyActor> {
    const actor = await this.loadOne(userId, db);
    if (!actor) throw new Error(`user ${userId} does not exist`);
    return actor;
  }

  private async loadOne(userId: number, db: Queryable, withOwner = true): Promise<PolicyActor | null> {
    const [user] = await db.query<{ id: number; realm_id: number; role: number; is_bot: boolean; bot_owner_id: number | null }>(
      `SELECT id, realm_id, role, is_bot, bot_owner_id FROM user_profile WHERE id = $1`,
      [userId],
    );
    if (!user) return null;
    const groupIds = await this.groups.recursiveGroupIdsOf(user.id, db);
    const addSubscribersGroup = await this.realmSettings.groupId(user.realm_id, 'can_add_subscribers_group', db);
    const owner = withOwner && user.is_bot && user.bot_owner_id !== null
      ? await this.loadOne(user.bot_owner_id, db, false)
      : null;
    return {
      id: user.id,
      role: user.role,
      isBot: user.is_bot,
      owner,
      groupIds,
      realmCanAddSubscribers: groupIds.has(addSubscribersGroup),
    };
  }
}
