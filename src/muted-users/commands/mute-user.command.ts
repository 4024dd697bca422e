import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { UserDirectory } from '../../users/queries/user-directory';
import { Actor } from '../../shared/actor';
import { MutedMessagesReadEvent, MutedUsersChangedEvent } from '../events/muted-users-events';
import { MutedUserRepository } from '../persistence/muted-user.repository';
import { Database } from '../../platform/database/database';
import { UserMessageWrites } from '../../messages/commands/user-message-writes';

/** `POST` (mute) and `DELETE` (unmute) `/users/me/muted_users/{muted_user_id}`. */
export class SetUserMutedCommand {
  constructor(
    readonly user: Actor,
    readonly mutedUserId: number,
    readonly muted: boolean,
  ) {}
}

@CommandHandler(SetUserMutedCommand)
export class SetUserMutedHandler implements ICommandHandler<SetUserMutedCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: UserDirectory,
    private readonly mutes: MutedUserRepository,
    private readonly database: Database,
    private readonly userMessages: UserMessageWrites,
  ) {}

  async execute(command: SetUserMutedCommand): Promise<void> {
    const { user, mutedUserId, muted } = command;
    if (muted && mutedUserId === user.id) throw ApiError.badRequest('Cannot mute self');
    await this.tx.run(async () => {
      // Zulip's access_user_by_id with bots and deactivated users allowed: any user of the realm.
      const target = await this.users.findInRealm(user.realmId, mutedUserId);
      if (!target) throw ApiError.badRequest('No such user');
      if (muted) await this.mute(user, target.id);
      else if (!(await this.mutes.remove(user.id, target.id))) throw ApiError.badRequest('User is not muted');
      this.database.record(new MutedUsersChangedEvent(user.realmId, user.id, await this.mutes.list(user.id)));
    });
  }

  private async mute(user: Actor, targetId: number): Promise<void> {
    if (!(await this.mutes.add(user.id, targetId, new Date()))) throw ApiError.badRequest('User already muted');
    // What the muted user sent before is read from now on, as new messages will be.
    const read = await this.userMessages.markReadFromSender(user.id, targetId);
    if (read.length > 0) this.database.record(new MutedMessagesReadEvent(user.realmId, user.id, read));
  }
}
