import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { effectiveSettings } from '../../users/domain/user-settings';
import { UserRepository } from '../../users/persistence/user.repository';
import { RequestUser } from '../../wire/request-context';
import { PresenceStatus } from '../domain/presence-rules';
import { PresenceWriter } from '../persistence/presence.writer';

/** The write half of `POST /users/me/presence`. */
export class UpdatePresenceCommand {
  constructor(
    readonly user: RequestUser,
    readonly status: PresenceStatus,
  ) {}
}

@CommandHandler(UpdatePresenceCommand)
export class UpdatePresenceHandler implements ICommandHandler<UpdatePresenceCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: UserRepository,
    private readonly writer: PresenceWriter,
  ) {}

  async execute(command: UpdatePresenceCommand): Promise<void> {
    const user = await this.users.findById(command.user.id);
    // A user who turned presence off reports nothing: their row stays as the setting left it.
    if (!user || !effectiveSettings(user.settings).presence_enabled) return;
    await this.tx.run((uow) => this.writer.report(uow, user, command.status, new Date()));
  }
}
