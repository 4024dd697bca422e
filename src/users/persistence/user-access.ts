import { Injectable } from '@nestjs/common';
import { GroupRepository } from '../../groups/persistence/group.repository';
import { RealmGroupSettingsRepository } from '../../groups/persistence/realm-group-settings.repository';
import { RecipientType } from '../../messages/persistence/recipient.entity';
import { Queryable } from '../../platform/database/unit-of-work';
import { isGuest, Role } from '../domain/roles';
import { SystemGroup } from '../../groups/domain/system-groups';

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

  /** Zulip's `user_access_restricted_in_realm`: guests may not see every human. */
  async restricted(realmId: number, target: { isBot: boolean }, db: Queryable): Promise<boolean> {
    if (target.isBot) return false;
    const everyone = await this.groups.systemGroupId(realmId, SystemGroup.Everyone, db);
    return (await this.realmSettings.groupId(realmId, 'can_access_all_users_group', db)) !== everyone;
  }

  /**
   * Who hears of a deactivation (Zulip's `send_events_for_user_deactivation`): in a realm
   * that restricts guests, the non-guests and the user's group-conversation peers keep
   * access (`update`), while guests who knew the user only from a channel lose it (`remove`).
   * Null `withAccess`: every active user.
   */
  async deactivationAudiences(
    target: { id: number; realmId: number; isBot: boolean },
    db: Queryable,
  ): Promise<{ withAccess: number[] | null; losing: number[] }> {
    if (!(await this.restricted(target.realmId, target, db))) return { withAccess: null, losing: [] };
    const nonGuests = await db.query<{ id: number }>(
      `SELECT id FROM user_profile WHERE realm_id = $1 AND is_active AND role <> $2 AND id <> $3`,
      [target.realmId, Role.Guest, target.id],
    );
    const peers = await db.query<{ id: number; type: number }>(
      `SELECT DISTINCT theirs.user_profile_id AS id, r.type
         FROM subscription mine
         JOIN recipient r ON r.id = mine.recipient_id AND r.type = ANY($2::int[])
         JOIN subscription theirs ON theirs.recipient_id = mine.recipient_id AND theirs.active AND theirs.is_user_active
        WHERE mine.user_profile_id = $1 AND mine.active AND theirs.user_profile_id <> $1`,
      [target.id, [RecipientType.Stream, RecipientType.DirectMessageGroup]],
    );
    const withAccess = new Set(nonGuests.map((row) => row.id));
    for (const peer of peers) if (peer.type === RecipientType.DirectMessageGroup) withAccess.add(peer.id);
    const losing = new Set(peers.filter((peer) => peer.type === RecipientType.Stream && !withAccess.has(peer.id)).map((peer) => peer.id));
    const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
    return { withAccess: sorted(withAccess), losing: sorted(losing) };
  }

  /**
   * Zulip's `get_user_ids_who_can_access_user`: every active user, unless the realm
   * restricts guests; then the non-guests, the user, and whoever shares a channel or a
   * group conversation with them.
   */
  async audienceOf(target: { id: number; realmId: number; isBot: boolean }, db: Queryable): Promise<number[]> {
    if (!(await this.restricted(target.realmId, target, db))) {
      const everyone = await db.query<{ id: number }>(`SELECT id FROM user_profile WHERE realm_id = $1 AND is_active ORDER BY id`, [target.realmId]);
      return everyone.map((row) => row.id);
    }
    const rows = await db.query<{ id: number }>(
      `SELECT id FROM user_profile WHERE realm_id = $1 AND is_active AND (role <> $3 OR id = $2 OR id IN (
         SELECT theirs.user_profile_id FROM subscription mine
           JOIN recipient r ON r.id = mine.recipient_id AND r.type = ANY($4::int[])
           JOIN subscription theirs ON theirs.recipient_id = mine.recipient_id AND theirs.active AND theirs.is_user_active
          WHERE mine.user_profile_id = $2 AND mine.active))
       ORDER BY id`,
      [target.realmId, target.id, Role.Guest, [RecipientType.Stream, RecipientType.DirectMessageGroup]],
    );
    return rows.map((row) => row.id);
  }
}
