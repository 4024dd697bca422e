import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { UserCreation } from '../../admin/commands/user-creation';
import { CreatedUser } from '../../admin/commands/create-user.command';
import { GroupMemberWrites } from '../../groups/commands/group-member-writes';
import { MessageSending, SendMessageCommand } from '../../messages/commands/send-message.command';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmDirectory, RealmEntity } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { actorOf } from '../../users/public/user-row';
import { UserDirectory } from '../../users/queries/user-directory';
import { ConfirmationKeyError, InvitationStatus } from '../domain/invite-rules';
import { invitationAcceptedNotice } from '../domain/invitation-texts';
import { InvitationStore } from '../persistence/invitation.store';
import { InvitationByKey, InvitationKeys } from '../queries/invitation-keys';
import { InvitationWrites } from './invitation-writes';

/** What the person accepting an email invitation gives: their name and password (the address is the invited one). */
export interface NewAccount {
  fullName: string;
  password: string | null;
}

/**
 * The sign-up pages' command: creates the account an email invitation's key opens
 * (Zulip's `do_create_user` with its PreregistrationUser): the invited role, channels
 * (and the default ones if asked) and groups; the invitation is used up, the inviter told
 * if they asked. All in one transaction; a key that opens nothing throws
 * ConfirmationKeyError. A reusable link's key opens no account by itself (Zulip keeps it
 * out of `/accounts/do_confirm/`): whoever follows it proves an address first, through
 * the sign-up module's mailed confirmation.
 */
export class AcceptInvitationCommand {
  constructor(
    readonly key: string,
    readonly account: NewAccount,
  ) {}
}

@CommandHandler(AcceptInvitationCommand)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitationCommand, CreatedUser> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly keys: InvitationKeys,
    private readonly store: InvitationStore,
    private readonly writes: InvitationWrites,
    private readonly creation: UserCreation,
    private readonly groups: GroupMemberWrites,
    private readonly realms: RealmDirectory,
    private readonly users: UserDirectory,
    private readonly sending: MessageSending,
  ) {}

  async execute({ key, account }: AcceptInvitationCommand): Promise<CreatedUser> {
    // Refused early, before the slow password hash; checked again, locked, in the transaction.
    const invitation = await this.keys.lookup(key);
    if (invitation.email === null) throw new ConfirmationKeyError('not_found');
    const realm = await this.realms.requireById(invitation.realmId);
    // Zulip's sign-up shows a deactivated organization its own page, and creates nobody.
    if (realm.deactivated) throw new ApiError('This organization has been deactivated', 'REALM_DEACTIVATED', 400);
    const checked = await this.creation.check({ email: invitation.email, fullName: account.fullName, role: invitation.inviteAs, password: account.password });
    return this.tx.run(async () => {
      const current = await this.keys.lookup(key, true);
      const user = await this.creation.insert(realm, checked, {
        channelIds: current.streamIds,
        withDefaults: current.includeRealmDefaultSubscriptions,
      });
      await this.groups.addToGroups(realm.id, user.id, current.groupIds);
      await this.store.setStatus(current.invitationId, InvitationStatus.Used, user.id);
      // Zulip's `revoke_preregistration_users`: the address's other invitations are spent.
      await this.store.revokeOthersFor(realm.id, user.deliveryEmail, current.invitationId);
      if (current.referrerId !== null) {
        await this.writes.notifyChanged(realm.id, current.referrerId);
        await this.tellReferrer(realm, current, { id: user.id, fullName: user.fullName });
      }
      return { user_id: user.id, email: user.deliveryEmail, api_key: user.apiKey };
    });
  }

  /** Zulip's note from the notification bot, to an inviter still active who asked for it. */
  private async tellReferrer(realm: RealmEntity, invitation: InvitationByKey, newUser: { id: number; fullName: string }): Promise<void> {
    if (!invitation.notifyReferrerOnJoin || invitation.referrerId === null || realm.notificationBotId === null) return;
    const referrer = await this.users.findById(invitation.referrerId);
    const bot = await this.users.findById(realm.notificationBotId);
    if (!referrer?.isActive || !bot) return;
    // The facade, not the command bus: one command handler, one transaction (docs/architecture.md: every state change is one command handler).
    await this.sending.send(
      new SendMessageCommand(actorOf(bot), { kind: 'private', to: [referrer.id] }, invitationAcceptedNotice(newUser), 'Internal', undefined, null),
    );
  }
}
