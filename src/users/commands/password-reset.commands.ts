import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { MailOutbox } from '../../platform/mail/mail-outbox';
import { SignInAttempts } from '../../rate-limits/commands/sign-in-attempts';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { confirmationKey } from '../../shared/confirmation-key';
import { resetLinkPath } from '../domain/password-reset-link';
import { noAccountMail, passwordResetMail } from '../domain/password-reset-texts';
import { PasswordResetTokenStore } from '../persistence/password-reset-token.store';
import { UserRepository } from '../persistence/user.repository';
import { PasswordChange } from './password-change';

/** The reset form was sent with `email` on the realm's host (the address already checked for shape, and rate-limited). */
export class RequestPasswordResetCommand {
  constructor(
    readonly realmId: number,
    readonly email: string,
  ) {}
}

/**
 * Zulip's `ZulipPasswordResetForm.save`: a mail whether or not the address has an account,
 * so that the page (which answers alike) and the mailbox owner both learn only what they
 * should: the link for an active account of the realm, otherwise a note saying there is
 * none (deactivated, or where else the address has accounts). A deactivated realm sends
 * nothing. The token row and the mail are written in one transaction.
 */
@CommandHandler(RequestPasswordResetCommand)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordResetCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly users: UserRepository,
    private readonly tokens: PasswordResetTokenStore,
    private readonly mail: MailOutbox,
  ) {}

  async execute({ realmId, email }: RequestPasswordResetCommand): Promise<void> {
    const realm = await this.realms.findById(realmId);
    if (!realm || realm.deactivated) return;
    const realmUrl = this.addressing.url(realm.stringId);
    await this.tx.run(async () => {
      const user = await this.users.findByDeliveryEmail(realmId, email);
      if (user && user.isActive && !user.isBot) {
        const token = confirmationKey();
        await this.tokens.insert(user.id, token);
        await this.mail.enqueue(passwordResetMail(user.deliveryEmail, realm.name, `${realmUrl}${resetLinkPath(user.id, token)}`));
        return;
      }
      const others = (await this.tokens.otherActiveRealms(realmId, email)).map((subdomain) => this.addressing.url(subdomain));
      await this.mail.enqueue(noAccountMail(email, realm.name, realmUrl, user !== null && !user.isBot && !user.isActive, others));
    });
  }
}

/** The new password sent from a reset link's page. */
export class CompletePasswordResetCommand {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly token: string,
    readonly password: string,
  ) {}
}

export type PasswordResetOutcome = 'done' | 'invalid-link' | 'too-weak';

/**
 * Django's `SetPasswordForm` behind Zulip's reset link: the realm's password policy, then in
 * one transaction the link is used up and the password set (PasswordChange, which also ends
 * the user's other links). The API key stays. A right new password also clears the
 * account's failed sign-in count, as signing in with it would.
 */
@CommandHandler(CompletePasswordResetCommand)
export class CompletePasswordResetHandler implements ICommandHandler<CompletePasswordResetCommand, PasswordResetOutcome> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly tokens: PasswordResetTokenStore,
    private readonly change: PasswordChange,
    private readonly attempts: SignInAttempts,
  ) {}

  async execute({ realmId, userId, token, password }: CompletePasswordResetCommand): Promise<PasswordResetOutcome> {
    const account = await this.tokens.findValid(realmId, userId, token);
    if (!account) return 'invalid-link';
    let hash: string;
    try {
      hash = await this.change.hash(password);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return 'too-weak';
      throw error;
    }
    const done = await this.tx.run(async () => {
      if (!(await this.tokens.consume(realmId, userId, token))) return false;
      await this.change.store(userId, hash);
      return true;
    });
    if (!done) return 'invalid-link';
    await this.attempts.succeeded(realmId, account.email);
    return 'done';
  }
}
