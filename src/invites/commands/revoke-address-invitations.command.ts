import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { InvitationStore } from '../persistence/invitation.store';
import { InvitationWrites } from './invitation-writes';

/**
 * An address got its account in the realm some other way than one of its email invitations
 * (an administrator's `POST /users`, the CLI, a self-sign-up or a reusable link): Zulip's
 * `revoke_preregistration_users` runs for every new human, so the address's pending email
 * invitations stop being usable and leave the pending list.
 */
export class RevokeAddressInvitationsCommand {
  constructor(
    readonly realmId: number,
    readonly email: string,
  ) {}
}

@CommandHandler(RevokeAddressInvitationsCommand)
export class RevokeAddressInvitationsHandler implements ICommandHandler<RevokeAddressInvitationsCommand, number> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: InvitationStore,
    private readonly writes: InvitationWrites,
  ) {}

  /** Answers how many invitations were revoked. */
  execute({ realmId, email }: RevokeAddressInvitationsCommand): Promise<number> {
    return this.tx.run(async () => {
      const referrers = await this.store.revokeOthersFor(realmId, email, null);
      if (referrers.length > 0) await this.writes.notifyChanged(realmId, referrers);
      return referrers.length;
    });
  }
}
