import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { ApiError } from '../../shared/api-error';
import { apiEmail } from '../public/user-identity';
import { canSeeDeliveryEmail } from '../../shared/roles';
import { RealmUserUpdatedEvent } from '../events/settings-events';
import { PasswordResetTokenStore } from '../persistence/password-reset-token.store';
import { UserRepository } from '../persistence/user.repository';
import { UserProfileStore } from '../persistence/user-profile.store';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { UserRow } from '../public/user-row';
import { Database } from '../../platform/database/database';

/** Zulip's EMAIL_CHANGE_CONFIRMATION_DAYS: a link older than this has expired. */
const CONFIRMATION_VALID_MS = 24 * 60 * 60 * 1000;

export class ConfirmEmailChangeCommand {
  constructor(readonly key: string) {}
}

export interface ConfirmedEmailChange {
  oldEmail: string;
  newEmail: string;
}

/** The error Zulip's confirmation page shows for an unknown, used or expired key. */
export function confirmationLinkError(): ApiError {
  return new ApiError('The confirmation link has expired or been deactivated.', 'BAD_REQUEST', 404);
}

/**
 * Zulip's `confirm_email_change`: the key is used once, within a day; the user's address
 * must still be the one the change started from, and the new one must still be free.
 * The user's unused password reset links end with the old address.
 */
@CommandHandler(ConfirmEmailChangeCommand)
export class ConfirmEmailChangeHandler implements ICommandHandler<ConfirmEmailChangeCommand, ConfirmedEmailChange> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: UserRepository,
    private readonly addressing: RealmAddressing,
    private readonly database: Database,
    private readonly resetLinks: PasswordResetTokenStore,
    private readonly profiles: UserProfileStore,
    private readonly realms: RealmDirectory,
  ) {}

  async execute(command: ConfirmEmailChangeCommand): Promise<ConfirmedEmailChange> {
    return this.tx.run(async () => {
      const change = await this.profiles.lockEmailChange(command.key);
      if (!change || change.used || Date.now() - new Date(change.date_created).getTime() > CONFIRMATION_VALID_MS) {
        throw confirmationLinkError();
      }
      const user = (await this.profiles.lock(change.user_profile_id)) as UserRow;
      if (!user.isActive || user.deliveryEmail !== change.old_email) throw confirmationLinkError();
      if (await this.users.findByDeliveryEmail(user.realmId, change.new_email)) throw ApiError.badRequest('Already has an account.');
      await this.profiles.set(user.id, { deliveryEmail: change.new_email });
      await this.profiles.useEmailChange(change.id);
      // A reset link mailed to the old address must not outlive it (Zulip's tokens depend on the email).
      await this.resetLinks.endUnused(user.id);

      const realm = await this.realms.requireById(user.realmId);
      const hostName = this.addressing.hostName(realm.stringId);
      const viewers = await this.users.activeUserRoles(user.realmId);
      const changed = { ...user, deliveryEmail: change.new_email };
      const updates: { userIds: number[]; person: Record<string, unknown> }[] = [{
        userIds: viewers.filter((viewer) => canSeeDeliveryEmail(changed, viewer)).map((viewer) => viewer.id),
        person: { user_id: user.id, delivery_email: change.new_email },
      }];
      if (apiEmail(user, hostName) !== apiEmail(changed, hostName)) {
        updates.push({ userIds: viewers.map((viewer) => viewer.id), person: { user_id: user.id, new_email: apiEmail(changed, hostName) } });
      }
      this.database.record(new RealmUserUpdatedEvent(user.realmId, updates));
      return { oldEmail: change.old_email, newEmail: change.new_email };
    });
  }
}
