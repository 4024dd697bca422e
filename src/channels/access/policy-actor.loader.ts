import { Injectable } from '@nestjs/common';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { PolicyActor } from '../public/channel-policy';
import { actorColumnSql, ActorRow, ChannelReadStore } from '../persistence/channel-reads.store';

export type { ActorRow };

/** Who a user is for channel decisions: loaded once per request (a few small queries). */
@Injectable()
export class PolicyActorLoader {
  constructor(
    private readonly groups: GroupDirectory,
    private readonly realmSettings: RealmGroupSettingsReader,
    private readonly reads: ChannelReadStore,
  ) {}

  async load(userId: number): Promise<PolicyActor> {
    const actor = await this.loadOne(userId);
    if (!actor) throw new Error(`user ${userId} does not exist`);
    return actor;
  }

  /**
   * SQL for one JSON column, `userIdSql`'s actor row (see actorFrom), for a statement that
   * reads other things too: a send reads its channel and its sender in one round trip.
   */
  static columnSql(userIdSql: string): string {
    return actorColumnSql(userIdSql);
  }

  /** The actor from a row that columnSql read (a bot's owner is loaded apart). */
  async fromColumn(row: ActorRow | null): Promise<PolicyActor> {
    if (!row) throw new Error('the actor does not exist');
    return this.actorFrom(row, true);
  }

  /** The user, their groups (nested ones included) and the realm's stored settings, in one round trip. */
  private async loadOne(userId: number, withOwner = true): Promise<PolicyActor | null> {
    const user = await this.reads.actorRow(userId);
    return user ? this.actorFrom(user, withOwner) : null;
  }

  private async actorFrom(user: ActorRow, withOwner: boolean): Promise<PolicyActor> {
    const groupIds = new Set(user.group_ids.map(Number));
    const settings = await this.realmSettings.withDefaults(user.realm_id, new Map(Object.entries(user.settings)));
    const addSubscribersGroup = settings.get('can_add_subscribers_group');
    const owner = withOwner && user.is_bot && user.bot_owner_id !== null
      ? await this.loadOne(user.bot_owner_id, false)
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
