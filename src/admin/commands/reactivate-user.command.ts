import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UsersSubscribedEvent } from '../../channels/events/channel-events';
import { ChannelViewers } from '../../channels/queries/channel-viewers';
import { ChannelDirectory } from '../../channels/queries/channel-directory';
import { SubscriberDirectory } from '../../channels/queries/subscriber-directory';
import { UserGroupMembersChangedEvent } from '../../groups/events/user-group-events';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { botNameTaken, checkAdministrableUser } from '../../users/public/user-admin-rules';
import { BotEvent, UserUpdatedEvent } from '../../users/events/user-events';
import { ExportConsentChangedEvent } from '../../users/events/settings-events';
import { userSettingsOf } from '../../users/public/user-settings';
import { BotCreationPolicy } from '../../users/access/bot-creation-policy';
import { BotOwnerChange } from '../../users/commands/bot-owner-change';
import { BotDirectory } from '../../users/queries/bot-directory';
import { UserAccess } from '../../users/access/user-access';
import { UserRow } from '../../users/public/user-row';
import { UserDirectory } from '../../users/queries/user-directory';
import { Database } from '../../platform/database/database';
import { UserProfileWrites } from '../../users/commands/user-profile.writes';
import { SubscriptionWrites } from '../../channels/commands/subscription-writes';
import { GroupDirectory } from '../../groups/queries/group-directory';

/** `POST /users/{user_id}/reactivate`: a deactivated user or bot comes back. */
export class ReactivateUserCommand {
  constructor(
    readonly actor: { id: number; role: number; realmId: number },
    readonly userId: number,
  ) {}
}

@CommandHandler(ReactivateUserCommand)
export class ReactivateUserHandler implements ICommandHandler<ReactivateUserCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: UserDirectory,
    private readonly bots: BotDirectory,
    private readonly botPolicy: BotCreationPolicy,
    private readonly ownerChange: BotOwnerChange,
    private readonly channels: ChannelDirectory,
    private readonly subscriptions: SubscriberDirectory,
    private readonly viewers: ChannelViewers,
    private readonly access: UserAccess,
    private readonly database: Database,
    private readonly profiles: UserProfileWrites,
    private readonly subscriptionWrites: SubscriptionWrites,
    private readonly groups: GroupDirectory,
  ) {}

  async execute(command: ReactivateUserCommand): Promise<void> {
    const { actor } = command;
    await this.tx.run(async () => {
      const found = await this.users.lockAdministrable(actor.realmId, command.userId);
      const target = checkAdministrableUser(actor, found, { allowBots: true, allowDeactivated: true });
      if (target.isBot) {
        await this.botPolicy.check(actor, target.botType ?? 1);
        // Zulip's check_bot_name_available counts every active account of the realm.
        if (await this.users.activeNameTaken(actor.realmId, target.fullName.trim())) throw botNameTaken(target.fullName, true);
      }
      if (target.isActive) return;
      await this.reactivate(target, actor);
    });
  }

  private async reactivate(target: UserRow, actor: { id: number; role: number }): Promise<void> {
    const realmId = target.realmId;
    await this.profiles.set(target.id, { isActive: true });
    await this.subscriptionWrites.setUserActive(target.id, true);
    const everyone = (await this.users.activeUserRoles(realmId)).map((user) => user.id);
    this.database.record(new UserUpdatedEvent(realmId, await this.access.audienceOf(target), { userId: target.id, isActive: true }));
    if (!target.isBot) {
      // Zulip 10.0: administrators learn a returning person's export consent.
      const consented = userSettingsOf(target).allow_private_data_export === true;
      this.database.record(new ExportConsentChangedEvent(realmId, target.id, consented, await this.users.humanAdministratorIds(realmId)));
    }

    if (target.isBot) {
      // A bot whose owner is gone passes to whoever brings it back.
      const owner = target.botOwnerId === null ? null : await this.users.findById(target.botOwnerId);
      const ownerGone = owner !== null && !owner.isActive;
      if (ownerGone) await this.profiles.set(target.id, { botOwnerId: actor.id });
      const audience = await this.bots.audience({ ...target, botOwnerId: ownerGone ? actor.id : target.botOwnerId });
      this.database.record(new BotEvent(realmId, audience, 'update', { user_id: target.id, is_active: true }));
      if (ownerGone) await this.ownerChange.apply(target, actor, target.botOwnerId);
    }
    await this.recordPeers(realmId, target.id);
    await this.recordGroups(realmId, target.id, everyone);
  }

  /** `peer_add` for the channels the user is still subscribed to. */
  private async recordPeers(realmId: number, userId: number): Promise<void> {
    const ids = await this.subscriptions.activeChannelIdsOf(userId);
    if (ids.length === 0) return;
    const streams = await this.channels.findByIds(ids);
    const peers = [];
    for (const stream of streams) {
      peers.push({ streamIds: [stream.id], userIds: [userId], audienceUserIds: await this.viewers.peerAudience(stream, [userId]) });
    }
    this.database.record(new UsersSubscribedEvent(realmId, [], peers));
  }

  /** The named groups the user is directly in list them again. */
  private async recordGroups(realmId: number, userId: number, audience: number[]): Promise<void> {
    for (const id of await this.groups.namedGroupIdsOf(userId)) {
      this.database.record(new UserGroupMembersChangedEvent(realmId, audience, id, 'add_members', [userId]));
    }
  }
}
