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

  /** The user, their groups (nested ones included) and the realm's stored settings, in one round trip. */
  private async loadOne(userId: number, db: Queryable, withOwner = true): Promise<PolicyActor | null> {
    const [user] = await db.query<{
      id: number;
      realm_id: number;
      role: number;
      is_bot: boolean;
      bot_owner_id: number | null;
      group_ids: number[];
      settings: Record<string, number>;
    }>(
      `WITH RECURSIVE ${GroupRepository.recursiveGroupsSql('$1')}
       SELECT u.id, u.realm_id, u.role, u.is_bot, u.bot_owner_id, ARRAY(SELECT id FROM g) AS group_ids,
              ${RealmGroupSettingsRepository.storedSettingsSql('u.realm_id')} AS settings
         FROM user_profile u WHERE u.id = $1`,
      [userId],
    );
    if (!user) return null;
    const groupIds = new Set(user.group_ids.map(Number));
    const settings = await this.realmSettings.withDefaults(user.realm_id, new Map(Object.entries(user.settings)), db);
    const addSubscribersGroup = settings.get('can_add_subscribers_group');
    const owner = withOwner && user.is_bot && user.bot_owner_id !== null
      ? await this.loadOne(user.bot_owner_id, db, false)
      : null;
    return {
      id: user.id,
      role: user.role,
      isBot: user.is_bot,
      owner,
      groupIds,
      realmCanAddSubscribers: addSubscribersGroup !== undefined && groupIds.has(addSubscribersGroup),
    };
  }
}
