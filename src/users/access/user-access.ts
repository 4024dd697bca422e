import { Injectable } from '@nestjs/common';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { RecipientType } from '../../shared/recipient-type';
import { isGuest } from '../../shared/roles';
import { SystemGroup } from '../../groups/public/system-groups';
import { UserAccessStore } from '../persistence/user-access.store';
import { UserRepository } from '../persistence/user.repository';

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
    private readonly store: UserAccessStore,
    private readonly users: UserRepository,
  ) {}

  async canAccess(viewer: { id: number; role: number; realmId: number }, target: { id: number; isBot: boolean }): Promise<boolean> {
    if (target.isBot || target.id === viewer.id || !isGuest(viewer.role)) return true;
    const everyoneGroup = await this.realmSettings.groupId(viewer.realmId, 'can_access_all_users_group');
    if (await this.groups.isMember(viewer.id, everyoneGroup)) return true;
    return this.store.sharesConversation(viewer.id, target.id);
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
    const peers = await this.store.conversationPeerIds(viewer.id);
    return new Set([viewer.id, ...peers]);
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
    const members = await this.store.activeMembers(recipients);
    const changedUsers = await this.store.rolesOf([...changed.keys()]);
    const pairs = new Map<string, { viewerId: number; targetId: number }>();
    const add = (viewerId: number, targetId: number) => pairs.set(`${viewerId}:${targetId}`, { viewerId, targetId });
    for (const user of changedUsers) {
      const channels = new Set(changed.get(user.id) ?? []);
      const inChannels = members.filter((member) => channels.has(member.recipient_id) && member.id !== user.id);
      // What the user shares apart from these channels (after the change, the user is in none of them if they left).
      const sharedElsewhere = new Set(await this.store.conversationPeerIds(user.id, [...channels]));
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
    const nonGuests = await this.store.activeNonGuestIdsBut(target.realmId, target.id);
    const peers = await this.store.activeConversationPeers(target.id);
    const withAccess = new Set(nonGuests);
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
    if (!(await this.restricted(target.realmId, target))) return this.users.allActiveUserIds(target.realmId);
    return this.store.restrictedAudience(target.realmId, target.id);
  }
}
