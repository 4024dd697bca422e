import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { ApiError } from '../../shared/api-error';
import { apiEmail } from '../api/user.presenter';
import { canSeeDeliveryEmail } from '../../shared/roles';
import { RealmUserUpdatedEvent } from '../events/settings-events';
import { PasswordResetTokenStore } from '../persistence/password-reset-token.store';
import { toUserRow, UserRepository } from '../persistence/user.repository';
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
  ) {}

  async execute(command: ConfirmEmailChangeCommand): Promise<ConfirmedEmailChange> {
    return this.tx.run(async () => {
      const [change] = await this.database.query<{ id: number; user_profile_id: number; old_email: string; new_email: string; date_created: Date; used: boolean }>(
        `SELECT * FROM email_change_status WHERE confirmation_key = $1 FOR UPDATE`,
        [command.key],
      );
      if (!change || change.used || Date.now() - new Date(change.date_created).getTime() > CONFIRMATION_VALID_MS) {
        throw confirmationLinkError();
      }
      const [row] = await this.database.query<Record<string, unknown>>(`SELECT * FROM user_profile WHERE id = $1 FOR UPDATE`, [change.user_profile_id]);
      const user = toUserRow(row);
      if (!user.isActive || user.deliveryEmail !== change.old_email) throw confirmationLinkError();
      if (await this.users.findByDeliveryEmail(user.realmId, change.new_email)) throw ApiError.badRequest('Already has an account.');
      await this.database.query(`UPDATE user_profile SET delivery_email = $2 WHERE id = $1`, [user.id, change.new_email]);
      await this.database.query(`UPDATE email_change_status SET used = true WHERE id = $1`, [change.id]);
      // A reset link mailed to the old address must not outlive it (Zulip's tokens depend on the email).
      await this.resetLinks.endUnused(user.id);

      const [realm] = await this.database.query<{ string_id: string }>(`SELECT string_id FROM realm WHERE id = $1`, [user.realmId]);
      const hostName = this.addressing.hostName(realm.string_id);
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
