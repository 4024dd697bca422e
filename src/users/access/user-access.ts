import { Injectable } from '@nestjs/common';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { RecipientType } from '../../shared/recipient-type';
import { isGuest, Role } from '../../shared/roles';
import { SystemGroup } from '../../groups/public/system-groups';
import { Database } from '../../platform/database/database';

/**
 * Zulip's `check_can_access_user`: everyone sees bots and themselves; only a guest outside
 * the realm's `can_access_all_users_group` is limited to users they share a channel or a
 * group conversation with.
 */
@Injectable()
export class UserAccess {
  constructor(
    private readonly groups: GroupDirectory,
    private readonly realmSettings: RealmGroupSettingsReader,
    private readonly database: Database,
  ) {}

  async canAccess(viewer: { id: number; role: number; realmId: number }, target: { id: number; isBot: boolean }): Promise<boolean> {
    if (target.isBot || target.id === viewer.id || !isGuest(viewer.role)) return true;
    const everyoneGroup = await this.realmSettings.groupId(viewer.realmId, 'can_access_all_users_group');
    if (await this.groups.isMember(viewer.id, everyoneGroup)) return true;
    const [row] = await this.database.query<{ shared: boolean }>(
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

  /**
   * The humans a viewer may access, for register's user lists (Zulip's
   * `get_accessible_user_ids` with deactivated users): null when the viewer may access
   * everyone; otherwise the viewer and the users they share a channel with (active members
   * only) or a group conversation with (deactivated ones too).
   */
  async accessibleHumanIds(viewer: { id: number; role: number; realmId: number }): Promise<Set<number> | null> {
    if (!isGuest(viewer.role)) return null;
    const everyoneGroup = await this.realmSettings.groupId(viewer.realmId, 'can_access_all_users_group');
    if (await this.groups.isMember(viewer.id, everyoneGroup)) return null;
    const rows = await this.database.query<{ id: number }>(
      `SELECT DISTINCT theirs.user_profile_id AS id
         FROM subscription mine
         JOIN recipient r ON r.id = mine.recipient_id
         JOIN subscription theirs ON theirs.recipient_id = mine.recipient_id AND theirs.active
        WHERE mine.user_profile_id = $1 AND mine.active
          AND ((r.type = $2 AND theirs.is_user_active) OR r.type = $3)`,
      [viewer.id, RecipientType.Stream, RecipientType.DirectMessageGroup],
    );
    return new Set([viewer.id, ...rows.map((row) => row.id)]);
  }

  /**
   * Who gains or loses sight of whom when `changed` users' subscriptions to the given
   * channel recipients were just added or removed (called in the changing transaction,
   * after the write). Zulip's `send_user_creation_events_on_adding_subscriptions` and
   * `send_user_remove_events_on_removing_subscriptions`: in a realm that restricts guests,
   * a guest subscribed to one of those channels sees a changed user exactly when the
   * channel is their first (or was their last) shared conversation; a changed guest
   * likewise gains or loses the channels' other subscribers. Bots are always visible.
   * Pairs are `viewer` (a guest) and `target`, without repeats.
   */
  async subscriptionAccessChanges(
    realmId: number,
    changed: ReadonlyMap<number, readonly number[]>,
  ): Promise<Array<{ viewerId: number; targetId: number }>> {
    if (changed.size === 0 || !(await this.restricted(realmId, { isBot: false }))) return [];
    const recipients = [...new Set([...changed.values()].flat())];
    const members = await this.database.query<{ recipient_id: number; id: number; role: number; is_bot: boolean }>(
      `SELECT s.recipient_id, u.id, u.role, u.is_bot
         FROM subscription s JOIN user_profile u ON u.id = s.user_profile_id
        WHERE s.recipient_id = ANY($1::int[]) AND s.active AND s.is_user_active`,
      [recipients],
    );
    const changedUsers = await this.database.query<{ id: number; role: number; is_bot: boolean }>(
      `SELECT id, role, is_bot FROM user_profile WHERE id = ANY($1::int[])`,
      [[...changed.keys()]],
    );
    const pairs = new Map<string, { viewerId: number; targetId: number }>();
    const add = (viewerId: number, targetId: number) => pairs.set(`${viewerId}:${targetId}`, { viewerId, targetId });
    for (const user of changedUsers) {
      const channels = new Set(changed.get(user.id) ?? []);
      const inChannels = members.filter((member) => channels.has(member.recipient_id) && member.id !== user.id);
      // What the user shares apart from these channels (after the change, the user is in none of them if they left).
      const rows = await this.database.query<{ id: number }>(
        `SELECT DISTINCT theirs.user_profile_id AS id
           FROM subscription mine
           JOIN recipient r ON r.id = mine.recipient_id
           JOIN subscription theirs ON theirs.recipient_id = mine.recipient_id AND theirs.active
          WHERE mine.user_profile_id = $1 AND mine.active AND NOT (mine.recipient_id = ANY($2::int[]))
            AND ((r.type = $3 AND theirs.is_user_active) OR r.type = $4)`,
        [user.id, [...channels], RecipientType.Stream, RecipientType.DirectMessageGroup],
      );
      const sharedElsewhere = new Set(rows.map((row) => row.id));
      for (const member of inChannels) {
        if (sharedElsewhere.has(member.id)) continue;
        if (!user.is_bot && isGuest(member.role)) add(member.id, user.id);
        if (isGuest(user.role) && !member.is_bot) add(user.id, member.id);
      }
    }
    return [...pairs.values()];
  }

  /** Zulip's `user_access_restricted_in_realm`: guests may not see every human. */
  async restricted(realmId: number, target: { isBot: boolean }): Promise<boolean> {
    if (target.isBot) return false;
    const everyone = await this.groups.systemGroupId(realmId, SystemGroup.Everyone);
    return (await this.realmSettings.groupId(realmId, 'can_access_all_users_group')) !== everyone;
  }

  /**
   * Who hears of a deactivation (Zulip's `send_events_for_user_deactivation`): in a realm
   * that restricts guests, the non-guests and the user's group-conversation peers keep
   * access (`update`), while guests who knew the user only from a channel lose it (`remove`).
   * Null `withAccess`: every active user.
   */
  async deactivationAudiences(
    target: { id: number; realmId: number; isBot: boolean },
  ): Promise<{ withAccess: number[] | null; losing: number[] }> {
    if (!(await this.restricted(target.realmId, target))) return { withAccess: null, losing: [] };
    const nonGuests = await this.database.query<{ id: number }>(
      `SELECT id FROM user_profile WHERE realm_id = $1 AND is_active AND role <> $2 AND id <> $3`,
      [target.realmId, Role.Guest, target.id],
    );
    const peers = await this.database.query<{ id: number; type: number }>(
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
  async audienceOf(target: { id: number; realmId: number; isBot: boolean }): Promise<number[]> {
    if (!(await this.restricted(target.realmId, target))) {
      const everyone = await this.database.query<{ id: number }>(`SELECT id FROM user_profile WHERE realm_id = $1 AND is_active ORDER BY id`, [target.realmId]);
      return everyone.map((row) => row.id);
    }
    const rows = await this.database.query<{ id: number }>(
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
