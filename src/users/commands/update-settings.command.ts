import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PasswordSettings } from '../../platform/config/settings';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { effectiveRealmProperties } from '../../realm/public/realm-properties';
import { ApiError } from '../../shared/api-error';
import { EmailChangeRequests } from '../../rate-limits/commands/email-change-requests';
import { SignInAttempts } from '../../rate-limits/commands/sign-in-attempts';
import { rateLimitedError } from '../../rate-limits/public/rate-limit';
import { Actor } from '../../shared/actor';
import { apiEmail } from '../public/user-identity';
import { verifyPassword } from '../public/credentials';
import { canSeeDeliveryEmail, isAdministrator } from '../../shared/roles';
import { checkFullName, isValidEmail } from '../public/user-rules';
import { UserSettingName, userSettingsOf } from '../public/user-settings';
import { AvatarUrlChangedEvent, ExportConsentChangedEvent, RealmUserUpdatedEvent, SettingChange, UserSettingsChangedEvent } from '../events/settings-events';
import { UserRow } from '../public/user-row';
import { UserRepository } from '../persistence/user.repository';
import { UserProfileStore } from '../persistence/user-profile.store';
import { OwnSettingParticipants } from '../events/own-setting-participants';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { Database } from '../../platform/database/database';
import { MailOutbox } from '../../platform/mail/mail-outbox';
import { confirmationKey } from '../../shared/confirmation-key';
import { emailChangeMail } from '../domain/email-change-texts';
import { PasswordChange } from './password-change';

/** What `PATCH /settings` asks for; every part optional, settings already checked. */
export interface SettingsUpdate {
  settings: ReadonlyMap<UserSettingName, boolean | number | string>;
  timezone?: string;
  fullName?: string;
  email?: string;
  oldPassword?: string;
  newPassword?: string;
}

export class UpdateSettingsCommand {
  constructor(
    readonly actor: Actor,
    readonly update: SettingsUpdate,
  ) {}
}

/**
 * A user's change of their own settings (Zulip's `json_change_settings` and
 * `do_change_user_setting` with the user acting), a write facade: the settings command runs
 * it, and so do other modules' commands that change a user's setting on the user's behalf
 * (a one-click unsubscribe link). The password (checked and hashed before the transaction,
 * hashing is slow on purpose), the email change request, the name, then each setting that
 * differs from its current value, all in one transaction (the caller's, if one is open);
 * events leave after the commit.
 */
@Injectable()
export class OwnSettingsChange {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly users: UserRepository,
    private readonly addressing: RealmAddressing,
    private readonly passwords: PasswordSettings,
    private readonly attempts: SignInAttempts,
    private readonly database: Database,
    private readonly mail: MailOutbox,
    private readonly passwordChange: PasswordChange,
    private readonly emailChanges: EmailChangeRequests,
    private readonly profiles: UserProfileStore,
    private readonly participants: OwnSettingParticipants,
    private readonly realms: RealmDirectory,
  ) {}

  async apply(actor: Actor, update: SettingsUpdate): Promise<void> {
    let newPasswordHash: string | null = null;
    if (update.newPassword !== undefined) {
      const user = await this.users.findById(actor.id);
      if (!user) throw ApiError.badRequest('Wrong password!');
      // The old password is a password check like a sign-in: it counts with them (Zulip's errors).
      const limited = await this.attempts.count(user.realmId, user.deliveryEmail);
      if (limited) {
        throw ApiError.badRequest(`You're making too many attempts! Try again in ${Math.ceil(limited.retryAfter)} seconds.`);
      }
      if (!(await verifyPassword(user.passwordHash, update.oldPassword ?? '', this.passwords.hashCost))) {
        throw ApiError.badRequest('Wrong password!');
      }
      await this.attempts.succeeded(user.realmId, user.deliveryEmail);
      newPasswordHash = await this.passwordChange.hash(update.newPassword);
    }

    await this.tx.run(async () => {
      const user = (await this.profiles.lock(actor.id)) as UserRow;
      const realm = await this.realms.requireById(user.realmId);
      const realmProperties = effectiveRealmProperties(realm.properties);
      const hostName = this.addressing.hostName(realm.stringId);
      const viewers = await this.users.activeUserRoles(user.realmId);
      const everyone = viewers.map((viewer) => viewer.id);
      const personUpdates: { userIds: number[]; person: Record<string, unknown> }[] = [];

      // Before a new email change of the same request, which the password change would end.
      // The session that asked stays signed in (Zulip's `update_session_auth_hash`); the others end.
      if (newPasswordHash !== null) await this.passwordChange.store(user.id, newPasswordHash, actor.sessionId ?? null);
      if (update.email !== undefined) await this.startEmailChange(user, update.email.trim(), realm, realmProperties);

      if (update.fullName !== undefined && update.fullName !== user.fullName) {
        // As Zulip: a refused name change fails silently (no UI offers it).
        if (!realmProperties.name_changes_disabled || isAdministrator(user.role)) {
          const fullName = checkFullName(update.fullName);
          if (fullName !== user.fullName) {
            await this.profiles.set(user.id, { fullName });
            personUpdates.push({ userIds: everyone, person: { user_id: user.id, full_name: fullName } });
          }
        }
      }

      const current = userSettingsOf(user);
      const stored = { ...user.settings };
      const changes: SettingChange[] = [];
      let avatarChange: AvatarUrlChangedEvent | null = null;
      for (const [name, value] of update.settings) {
        if (current[name] === value) continue;
        changes.push({ name, value });
        if (name === 'email_address_visibility') {
          const after = { ...user, emailAddressVisibility: value as number };
          await this.profiles.set(user.id, { emailAddressVisibility: value as number });
          personUpdates.push(...this.visibilityUpdates(user, after, viewers, hostName));
          if (user.avatarSource === 'G') avatarChange = new AvatarUrlChangedEvent(user.realmId, after, viewers);
        } else {
          stored[name] = value;
        }
        await this.participants.changed(user.id, name, value);
      }
      if (changes.some((change) => change.name !== 'email_address_visibility')) {
        await this.profiles.setSettings(user.id, stored);
      }
      if (update.timezone !== undefined && update.timezone !== user.timezone) {
        await this.profiles.set(user.id, { timezone: update.timezone });
        changes.push({ name: 'timezone', value: update.timezone });
        personUpdates.push({ userIds: everyone, person: { email: apiEmail(user, hostName), user_id: user.id, timezone: update.timezone } });
      }

      if (changes.length > 0) this.database.record(new UserSettingsChangedEvent(user.realmId, user.id, apiEmail(user, hostName), changes));
      const consent = changes.find((change) => change.name === 'allow_private_data_export');
      if (consent) {
        // Zulip's do_change_user_setting: after the user's own settings event.
        const administrators = await this.users.humanAdministratorIds(user.realmId);
        this.database.record(new ExportConsentChangedEvent(user.realmId, user.id, consent.value === true, administrators));
      }
      if (personUpdates.length > 0) this.database.record(new RealmUserUpdatedEvent(user.realmId, personUpdates));
      // Zulip tells of the avatar after the addresses.
      if (avatarChange) this.database.record(avatarChange);
    });
  }

  /**
   * Zulip's `validate_email_change_request`, its `email_change_by_user` rate limit (429
   * `RATE_LIMIT_HIT`), and `do_start_email_change_process`.
   */
  private async startEmailChange(
    user: UserRow,
    newEmail: string,
    realm: { stringId: string; name: string },
    realmProperties: Record<string, unknown>,
  ): Promise<void> {
    if (newEmail === user.deliveryEmail) return;
    if (realmProperties.email_changes_disabled && !isAdministrator(user.role)) {
      throw ApiError.badRequest('Email address changes are disabled in this organization.');
    }
    if (!isValidEmail(newEmail)) throw ApiError.badRequest('Invalid address.');
    if (await this.users.findByDeliveryEmail(user.realmId, newEmail)) throw ApiError.badRequest('Already has an account.');
    // Zulip counts a request once it is valid; a refusal rolls the whole request back.
    const limited = await this.emailChanges.count(user.id);
    if (limited) throw rateLimitedError(limited);
    const key = confirmationKey();
    await this.profiles.requestEmailChange(user.id, user.deliveryEmail, newEmail, key);
    const url = `${this.addressing.url(realm.stringId)}/accounts/confirm_new_email/${key}`;
    await this.mail.enqueue(emailChangeMail(newEmail, realm.name, url));
  }

  /**
   * Zulip's events for a new `email_address_visibility`: `delivery_email` to the users who
   * gain or lose sight of the address, and `new_email` to everyone when the address
   * others see changes.
   */
  private visibilityUpdates(
    before: UserRow,
    after: UserRow,
    viewers: readonly { id: number; role: number }[],
    hostName: string,
  ): { userIds: number[]; person: Record<string, unknown> }[] {
    const updates: { userIds: number[]; person: Record<string, unknown> }[] = [];
    const gained = viewers.filter((viewer) => !canSeeDeliveryEmail(before, viewer) && canSeeDeliveryEmail(after, viewer));
    const lost = viewers.filter((viewer) => canSeeDeliveryEmail(before, viewer) && !canSeeDeliveryEmail(after, viewer));
    updates.push({ userIds: gained.map((viewer) => viewer.id), person: { user_id: before.id, delivery_email: before.deliveryEmail } });
    updates.push({ userIds: lost.map((viewer) => viewer.id), person: { user_id: before.id, delivery_email: null } });
    const oldEmail = apiEmail(before, hostName);
    const newEmail = apiEmail(after, hostName);
    if (oldEmail !== newEmail) {
      updates.push({ userIds: viewers.map((viewer) => viewer.id), person: { user_id: before.id, new_email: newEmail } });
    }
    return updates;
  }
}

/** `PATCH /settings`. */
// After OwnSettingsChange: its constructor's parameter types are read when the class is defined.
@CommandHandler(UpdateSettingsCommand)
export class UpdateSettingsHandler implements ICommandHandler<UpdateSettingsCommand, Record<string, never>> {
  constructor(private readonly settings: OwnSettingsChange) {}

  async execute(command: UpdateSettingsCommand): Promise<Record<string, never>> {
    await this.settings.apply(command.actor, command.update);
    return {};
  }
}
