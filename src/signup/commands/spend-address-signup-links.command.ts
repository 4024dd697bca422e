import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { SignupConfirmationStore } from '../persistence/signup-confirmation.store';

/**
 * An address got its account in the realm some other way than one of its mailed sign-up
 * links (an invitation, an administrator, the CLI): as Zulip's `revoke_preregistration_users`
 * for every new human, its pending links stop working.
 */
export class SpendAddressSignupLinksCommand {
  constructor(
    readonly realmId: number,
    readonly email: string,
  ) {}
}

@CommandHandler(SpendAddressSignupLinksCommand)
export class SpendAddressSignupLinksHandler implements ICommandHandler<SpendAddressSignupLinksCommand, number> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: SignupConfirmationStore,
  ) {}

  /** Answers how many links were spent. */
  execute({ realmId, email }: SpendAddressSignupLinksCommand): Promise<number> {
    return this.tx.run(() => this.store.spendOthers(realmId, email, null));
  }
}
