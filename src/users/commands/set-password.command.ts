import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ApiError } from '../../shared/api-error';
import { PasswordChange } from './password-change';
import { UserRepository } from '../persistence/user.repository';

/**
 * Sets a person's password without their old one: Zulip's `do_change_password`, as its
 * `manage.py changepassword` runs it for an operator (a password reset uses its steps, PasswordChange).
 */
export class SetPasswordCommand {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly password: string,
  ) {}
}

/**
 * Refuses a bot (bots sign in with their API key only) and a password the realm's policy
 * calls weak; hashes before the transaction (hashing is slow on purpose), so the row is
 * locked only for the UPDATE. API keys stay as they were, as in Zulip.
 */
@CommandHandler(SetPasswordCommand)
export class SetPasswordHandler implements ICommandHandler<SetPasswordCommand, { user_id: number }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly change: PasswordChange,
    private readonly users: UserRepository,
  ) {}

  async execute({ realmId, userId, password }: SetPasswordCommand): Promise<{ user_id: number }> {
    const user = await this.users.findInRealm(realmId, userId);
    if (!user) throw ApiError.badRequest('No such user');
    if (user.isBot) throw ApiError.badRequest('Bots have no password: they sign in with their API key');
    const hash = await this.change.hash(password);
    await this.tx.run(() => this.change.store(userId, hash));
    return { user_id: userId };
  }
}
