import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { UserDeactivatedEvent } from '../../users/events/user-events';
import { UserRepository } from '../../users/persistence/user.repository';

/** Ends an account: it can no longer authenticate, and leaves its conversations' audiences. */
export class DeactivateUserCommand {
  constructor(
    readonly realmId: number,
    readonly userId: number,
  ) {}
}

@CommandHandler(DeactivateUserCommand)
export class DeactivateUserHandler implements ICommandHandler<DeactivateUserCommand, { user_id: number }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: UserRepository,
  ) {}

  async execute(command: DeactivateUserCommand): Promise<{ user_id: number }> {
    return this.tx.run(async (uow) => {
      const rows = await uow.query<{ id: number; is_active: boolean }>(
        `SELECT id, is_active FROM user_profile WHERE realm_id = $1 AND id = $2 FOR UPDATE`,
        [command.realmId, command.userId],
      );
      if (rows.length === 0) throw ApiError.badRequest('No such user');
      if (!rows[0].is_active) throw ApiError.badRequest('User is already deactivated');
      await uow.query(`UPDATE user_profile SET is_active = false WHERE id = $1`, [command.userId]);
      await uow.query(`UPDATE subscription SET is_user_active = false WHERE user_profile_id = $1`, [command.userId]);
      const viewers = await this.users.activeUserRoles(command.realmId, uow);
      uow.record(new UserDeactivatedEvent(command.realmId, command.userId, viewers.map((viewer) => viewer.id)));
      return { user_id: command.userId };
    });
  }
}
