import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { requireRealmOwner } from '../../shared/authorization';
import { Role } from '../../shared/roles';
import { cannotDeactivateLastUser, checkAdministrableBot, checkAdministrableUser, isLastOwner } from '../../users/public/user-admin-rules';
import { BotEvent, UserDeactivatedEvent, UserRemovedFromViewEvent } from '../../users/events/user-events';
import { UserAccess } from '../../users/access/user-access';
import { BotDirectory } from '../../users/queries/bot-directory';
import { UserRow } from '../../users/public/user-row';
import { UserDirectory } from '../../users/queries/user-directory';
import { RoleChange } from './role-change';
import { Database } from '../../platform/database/database';
import { Sessions } from '../../users/commands/sessions.commands';
import { MailOutbox } from '../../platform/mail/mail-outbox';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { deactivationMail } from '../domain/deactivation-mail';

/**
 * Who asks, and through which door: an administrator (`DELETE /users/{id}`), a user
 * leaving (`DELETE /users/me`), a bot's administrator (`DELETE /bots/{id}`), or the
 * management CLI (no actor: no permission checks).
 */
export type DeactivationRequest =
  /** With a `notificationComment` (even an empty one) the person is told by mail, as Zulip's `deactivation_notification_comment`. */
  | { kind: 'user'; actor: { id: number; role: number }; notificationComment?: string }
  | { kind: 'self'; actor: { id: number; role: number } }
  | { kind: 'bot'; actor: { id: number; role: number } }
  | { kind: 'cli' };

/**
 * Ends an account: it can no longer authenticate, its sessions and event queues end, it leaves its
 * conversations' audiences, and a human's active bots are deactivated with them.
 */
export class DeactivateUserCommand {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly request: DeactivationRequest = { kind: 'cli' },
  ) {}
}

@CommandHandler(DeactivateUserCommand)
export class DeactivateUserHandler implements ICommandHandler<DeactivateUserCommand, { user_id: number }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: UserDirectory,
    private readonly bots: BotDirectory,
    private readonly realms: RealmDirectory,
    private readonly roles: RoleChange,
    private readonly access: UserAccess,
    private readonly database: Database,
    private readonly sessions: Sessions,
    private readonly mail: MailOutbox,
    private readonly addressing: RealmAddressing,
  ) {}

  async execute(command: DeactivateUserCommand): Promise<{ user_id: number }> {
    return this.tx.run(async () => {
      const target = await this.lock(command.realmId, command.userId);
      if (!(await this.permitted(command, target))) return { user_id: command.userId };
      const account = target as UserRow;
      if (!account.isBot) {
        // Zulip deactivates the bots first, so that no failure leaves a deactivated owner's bots active.
        for (const botId of await this.bots.activeBotIdsOwnedBy(account.id)) {
          const bot = await this.lock(command.realmId, botId);
          if (bot) await this.deactivate(bot);
        }
      }
      await this.deactivate(account);
      if (command.request.kind === 'user' && command.request.notificationComment !== undefined) await this.notify(account, command.request.notificationComment);
      return { user_id: command.userId };
    });
  }

  /** The checks of the request's door; false: nothing to do (a deactivated bot stays so). */
  private async permitted(command: DeactivateUserCommand, target: UserRow | null): Promise<boolean> {
    const { request } = command;
    switch (request.kind) {
      case 'cli':
        if (!target) throw ApiError.badRequest('No such user');
        if (!target.isActive) throw ApiError.badRequest('User is already deactivated');
        return true;
      case 'bot':
        return checkAdministrableBot(request.actor, target).isActive;
      case 'user': {
        const user = checkAdministrableUser(request.actor, target, { allowBots: false, allowDeactivated: false });
        if (user.role === Role.Owner) requireRealmOwner(request.actor);
        if (isLastOwner(user, await this.roles.humanOwnerCount(command.realmId))) {
          throw ApiError.badRequest('Cannot deactivate the only organization owner');
        }
        return true;
      }
      case 'self': {
        const self = target as UserRow;
        // Counted first: it takes the realm's lock, under which the other count is exact too.
        const owners = await this.roles.humanOwnerCount(command.realmId);
        if ((await this.otherActiveAccounts(command.realmId, self.id)) === 0) throw cannotDeactivateLastUser(false);
        if (isLastOwner(self, owners)) throw cannotDeactivateLastUser(true);
        return true;
      }
    }
  }

  /** Active accounts besides this one; the realm's notification bot plays Zulip's system bot and does not count. */
  private async otherActiveAccounts(realmId: number, userId: number): Promise<number> {
    const realm = await this.realms.requireById(realmId);
    const [row] = await this.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM user_profile
        WHERE realm_id = $1 AND is_active AND id <> $2 AND id IS DISTINCT FROM $3`,
      [realmId, userId, realm.notificationBotId],
    );
    return row.count;
  }

  /** Zulip's deactivation mail to the person's login address, written in the deactivation's transaction. */
  private async notify(account: UserRow, comment: string): Promise<void> {
    const realm = await this.realms.requireById(account.realmId);
    await this.mail.enqueue(deactivationMail(account.deliveryEmail, realm.name, this.addressing.url(realm.stringId), comment));
  }

  private lock(realmId: number, userId: number): Promise<UserRow | null> {
    return this.users.lockAdministrable(realmId, userId);
  }

  private async deactivate(account: UserRow): Promise<void> {
    await this.database.query(`UPDATE user_profile SET is_active = false WHERE id = $1`, [account.id]);
    await this.database.query(`UPDATE subscription SET is_user_active = false WHERE user_profile_id = $1`, [account.id]);
    // Its browsers are signed out with it (Zulip's `delete_user_sessions`): a reactivation revives none.
    await this.sessions.endOthers(account.id, null);
    const { withAccess, losing } = await this.access.deactivationAudiences(account);
    const viewers = withAccess ?? (await this.users.activeUserRoles(account.realmId)).map((viewer) => viewer.id);
    this.database.record(new UserDeactivatedEvent(account.realmId, account.id, viewers));
    this.database.record(new UserRemovedFromViewEvent(account.realmId, losing, account.id));
    if (account.isBot) {
      const audience = await this.bots.audience(account);
      this.database.record(new BotEvent(account.realmId, audience, 'update', { user_id: account.id, is_active: false }));
    }
  }
}
