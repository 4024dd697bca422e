import { Injectable } from '@nestjs/common';
import { ChannelAccessLoader } from '../../channels/access/channel-access.loader';
import { ChannelPolicy } from '../../channels/public/channel-policy';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { UserGroupAccess } from '../../groups/access/user-group.access';
import { REALM_GROUP_SETTINGS } from '../../groups/public/permission-settings';
import { hasGroupPermission } from '../../groups/public/user-group-rules';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { RealmGroupSettingsReader } from '../../groups/queries/realm-group-settings.reader';
import { ApiError } from '../../shared/api-error';
import { isAdministrator } from '../../shared/roles';
import { Actor } from '../../shared/actor';
import { checkRoleBasedPermissions, InvitationStatus } from '../domain/invite-rules';
import { InvitationRow, InvitationStore } from '../persistence/invitation.store';

function noSuchInvitation(): ApiError {
  return ApiError.badRequest('No such invitation');
}

/** Zulip's invitation access checks (zerver/views/invite.py), loading and deciding in one call. */
@Injectable()
export class InviteAccess {
  constructor(
    private readonly store: InvitationStore,
    private readonly channelAccess: ChannelAccessLoader,
    private readonly channels: ChannelDirectory,
    private readonly groupAccess: UserGroupAccess,
    private readonly groups: GroupDirectory,
    private readonly realmSettings: RealmGroupSettingsReader,
  ) {}

  /** `can_invite_users_by_email`: a member of the realm's `can_invite_users_group`. */
  canInviteByEmail(user: Actor): Promise<boolean> {
    return this.inSettingGroup(user, 'can_invite_users_group');
  }

  /** `can_create_multiuse_invite_to_realm`: a member of `create_multiuse_invite_group`. */
  canCreateMultiuse(user: Actor): Promise<boolean> {
    return this.inSettingGroup(user, 'create_multiuse_invite_group');
  }

  private async inSettingGroup(user: Actor, setting: keyof typeof REALM_GROUP_SETTINGS): Promise<boolean> {
    const groupId = await this.realmSettings.groupId(user.realmId, setting);
    const actor = { id: user.id, role: user.role, groupIds: await this.groups.recursiveGroupIdsOf(user.id) };
    return hasGroupPermission(actor, groupId, REALM_GROUP_SETTINGS[setting]);
  }

  /**
   * `access_streams_for_invite`: channels the user can read, each a default channel or
   * one the user may add subscribers to.
   */
  async channelsForInvite(user: Actor, streamIds: readonly number[]): Promise<number[]> {
    const accessed = [];
    for (const streamId of streamIds) {
      const found = await this.channelAccess.requireById(user, streamId).catch(() => {
        throw ApiError.badRequest(`Invalid channel ID ${streamId}. No invites were sent.`);
      });
      accessed.push(found);
    }
    if (accessed.length === 0 || isAdministrator(user.role)) return accessed.map((found) => found.stream.id);
    const defaults = new Set(await this.channels.defaultChannelIds(user.realmId));
    for (const { stream, actor, subscribed } of accessed) {
      if (!defaults.has(stream.id) && !ChannelPolicy.canAddSubscribers(actor, stream, subscribed)) {
        throw ApiError.badRequest('You do not have permission to subscribe other users to channels.');
      }
    }
    return [...new Set(accessed.map((found) => found.stream.id))];
  }

  /** `access_user_groups_for_invite`: groups the user may add members to (Zulip's errors for others). */
  async groupsForInvite(user: Actor, groupIds: readonly number[]): Promise<number[]> {
    if (groupIds.length === 0) return [];
    const actor = await this.groupAccess.actor(user);
    const ids: number[] = [];
    for (const groupId of groupIds) ids.push((await this.groupAccess.forUpdate(actor, groupId, 'can_add_members_group', false)).id);
    return [...new Set(ids)];
  }

  /** `access_invite_by_id`: an email invitation of the realm; another's needs an administrator (an owner's, an owner). */
  async invitation(user: Actor, id: number): Promise<InvitationRow> {
    const invitation = await this.store.find(user.realmId, id, false, true);
    if (!invitation || invitation.referredById === null || invitation.status === InvitationStatus.Revoked) throw noSuchInvitation();
    if (invitation.referredById !== user.id) checkRoleBasedPermissions(invitation.invitedAs, user, true);
    return invitation;
  }

  /** `access_multiuse_invite_by_id`: the same rules, and a revoked link says so. */
  async multiuseInvitation(user: Actor, id: number): Promise<InvitationRow> {
    const invitation = await this.store.find(user.realmId, id, true, true);
    if (!invitation) throw noSuchInvitation();
    if (invitation.referredById !== user.id) checkRoleBasedPermissions(invitation.invitedAs, user, true);
    if (invitation.status === InvitationStatus.Revoked) throw ApiError.badRequest('Invitation has already been revoked');
    return invitation;
  }
}
