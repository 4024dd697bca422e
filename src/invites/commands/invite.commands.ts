import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { InviteSettings } from '../../platform/config/settings';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { emailDomainAllowed } from '../../realm/public/realm-domains';
import { effectiveRealmProperties } from '../../realm/public/realm-properties';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { RealmDomainReader } from '../../realm/queries/get-realm-domains.query';
import { ApiError } from '../../shared/api-error';
import { insufficientPermission } from '../../shared/authorization';
import { isAdministrator } from '../../shared/roles';
import { isValidEmail } from '../../users/public/user-rules';
import { UserDirectory } from '../../users/queries/user-directory';
import { Actor } from '../../shared/actor';
import { InviteAccess } from '../access/invite-access';
import {
  checkRoleBasedPermissions,
  expiryFrom,
  generateConfirmationKey,
  invitationFailed,
  InvitationStatus,
  inviteeEmailProblem,
  inviteeEmails,
  InviteeProblem,
  inviteNeedsAdmin,
} from '../domain/invite-rules';
import { InvitationStore } from '../persistence/invitation.store';
import { InvitationWrites } from './invitation-writes';

/** What both kinds of invitation give the person who accepts it. */
export interface InvitationTerms {
  inviteAs: number;
  /** Minutes until it expires; null never. */
  expiresInMinutes: number | null;
  streamIds: readonly number[];
  groupIds: readonly number[];
  includeRealmDefaultSubscriptions: boolean;
}

/** `POST /invites`. */
export class SendInvitesCommand {
  constructor(
    readonly actor: Actor,
    readonly inviteeEmailsRaw: string,
    readonly terms: InvitationTerms,
    readonly notifyReferrerOnJoin: boolean,
  ) {}
}

/** `POST /invites/multiuse`: answers the link. */
export class CreateMultiuseInviteCommand {
  constructor(
    readonly actor: Actor,
    readonly terms: InvitationTerms,
  ) {}
}

/** `DELETE /invites/{id}` and `DELETE /invites/multiuse/{id}`. */
export class RevokeInviteCommand {
  constructor(
    readonly actor: Actor,
    readonly id: number,
    readonly isMultiuse: boolean,
  ) {}
}

/** `POST /invites/{id}/resend`. */
export class ResendInviteCommand {
  constructor(
    readonly actor: Actor,
    readonly id: number,
  ) {}
}

/** A deactivated user's invitations stop working (Zulip's `revoke_invites_generated_by_user`). */
export class ExpireInvitesOfUserCommand {
  constructor(
    readonly realmId: number,
    readonly userId: number,
  ) {}
}

/** Zulip's `invite_users_backend` and `do_invite_users`. */
@CommandHandler(SendInvitesCommand)
export class SendInvitesHandler implements ICommandHandler<SendInvitesCommand, string[]> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly access: InviteAccess,
    private readonly store: InvitationStore,
    private readonly writes: InvitationWrites,
    private readonly realms: RealmDirectory,
    private readonly domains: RealmDomainReader,
    private readonly users: UserDirectory,
    private readonly settings: InviteSettings,
  ) {}

  /** The addresses invited. */
  async execute({ actor, inviteeEmailsRaw, terms, notifyReferrerOnJoin }: SendInvitesCommand): Promise<string[]> {
    if (!(await this.access.canInviteByEmail(actor))) throw insufficientPermission();
    checkRoleBasedPermissions(terms.inviteAs, actor, inviteNeedsAdmin(terms.inviteAs));
    if (inviteeEmailsRaw === '') throw ApiError.badRequest('You must specify at least one email address.');
    const emails = inviteeEmails(inviteeEmailsRaw);
    const streamIds = await this.access.channelsForInvite(actor, terms.streamIds);
    const groupIds = await this.access.groupsForInvite(actor, terms.groupIds);
    const { skipped, valid } = await this.tx.run(async () => {
      const now = new Date();
      await this.writes.checkDailyLimit(actor.realmId, emails.length, now);
      const realm = await this.realms.requireById(actor.realmId);
      const properties = effectiveRealmProperties(realm.properties);
      if (properties.invite_required === false && !isAdministrator(actor.role)) {
        // Zulip's INVITES_MIN_USER_AGE_DAYS: joining an open realm to send spam invitations.
        const inviter = await this.users.findById(actor.id);
        const minAge = this.settings.minUserAgeDays * 24 * 60 * 60 * 1000;
        if (inviter && inviter.dateJoined.getTime() > now.getTime() - minAge) {
          throw invitationFailed(
            'Your account is too new to send invites for this organization. Ask an organization admin, or a more experienced user.',
            [],
            false,
          );
        }
      }
      const domains = properties.emails_restricted_to_domains === true ? await this.domains.list(actor.realmId) : [];
      const rules = {
        isValid: isValidEmail,
        restricted: properties.emails_restricted_to_domains === true,
        domainAllowed: (email: string) => emailDomainAllowed(email, domains),
      };
      const errors: InviteeProblem[] = [];
      const good: string[] = [];
      for (const email of emails) {
        if (email === '') continue;
        const problem = inviteeEmailProblem(email, rules);
        if (problem !== null) errors.push({ email, msg: problem, deactivated: false });
        else good.push(email);
      }
      // Zulip's `get_existing_user_errors`: addresses that already have an account here.
      const skipped: InviteeProblem[] = [];
      const valid: string[] = [];
      for (const email of good) {
        const existing = await this.users.findByDeliveryEmail(actor.realmId, email);
        if (!existing) valid.push(email);
        else if (existing.isActive) skipped.push({ email, msg: 'Already has an account.', deactivated: false });
        else skipped.push({ email, msg: 'Account has been deactivated.', deactivated: true });
      }
      if (errors.length > 0) {
        throw invitationFailed("Some emails did not validate, so we didn't send any invitations.", [...errors, ...skipped], false);
      }
      if (skipped.length > 0 && skipped.length === emails.length) {
        throw invitationFailed("We weren't able to invite anyone.", skipped, false);
      }
      for (const email of valid) {
        const id = await this.store.insert({
          realmId: actor.realmId,
          email,
          referredById: actor.id,
          invitedAs: terms.inviteAs,
          includeRealmDefaultSubscriptions: terms.includeRealmDefaultSubscriptions,
          notifyReferrerOnJoin,
          confirmationKey: generateConfirmationKey(),
          invitedAt: now,
          expiryDate: expiryFrom(now, terms.expiresInMinutes),
          streamIds,
          groupIds,
        });
        const invitation = await this.store.find(actor.realmId, id, false);
        if (invitation) await this.writes.sendEmail(invitation, now);
      }
      await this.writes.notifyChanged(actor.realmId, actor.id);
      return { skipped, valid };
    });
    if (skipped.length > 0) {
      // After the commit: the others' invitations stand, as in Zulip.
      throw invitationFailed(
        "Some of those addresses are already using Zulip, so we didn't send them an invitation. We did send invitations to everyone else!",
        skipped,
        true,
      );
    }
    return valid;
  }
}

/** Zulip's `generate_multiuse_invite_backend` and `do_create_multiuse_invite_link`. */
@CommandHandler(CreateMultiuseInviteCommand)
export class CreateMultiuseInviteHandler implements ICommandHandler<CreateMultiuseInviteCommand, { invite_link: string }> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly access: InviteAccess,
    private readonly store: InvitationStore,
    private readonly writes: InvitationWrites,
    private readonly realms: RealmDirectory,
  ) {}

  async execute({ actor, terms }: CreateMultiuseInviteCommand): Promise<{ invite_link: string }> {
    if (!(await this.access.canCreateMultiuse(actor))) throw insufficientPermission();
    checkRoleBasedPermissions(terms.inviteAs, actor, inviteNeedsAdmin(terms.inviteAs));
    const streamIds = await this.access.channelsForInvite(actor, terms.streamIds);
    const groupIds = await this.access.groupsForInvite(actor, terms.groupIds);
    return this.tx.run(async () => {
      const now = new Date();
      const realm = await this.realms.requireById(actor.realmId);
      const key = generateConfirmationKey();
      await this.store.insert({
        realmId: actor.realmId,
        email: null,
        referredById: actor.id,
        invitedAs: terms.inviteAs,
        includeRealmDefaultSubscriptions: terms.includeRealmDefaultSubscriptions,
        // A reusable link's sign-ups have no referrer in Zulip: nobody is told.
        notifyReferrerOnJoin: false,
        confirmationKey: key,
        invitedAt: now,
        expiryDate: expiryFrom(now, terms.expiresInMinutes),
        streamIds,
        groupIds,
      });
      await this.writes.notifyChanged(actor.realmId, actor.id);
      return { invite_link: this.writes.linkOf(realm.stringId, key) };
    });
  }
}

/**
 * Zulip's `do_revoke_user_invite` and `do_revoke_multi_use_invite`: the key stops working
 * (kept, so that its link can say it was revoked).
 */
@CommandHandler(RevokeInviteCommand)
export class RevokeInviteHandler implements ICommandHandler<RevokeInviteCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly access: InviteAccess,
    private readonly store: InvitationStore,
    private readonly writes: InvitationWrites,
  ) {}

  execute({ actor, id, isMultiuse }: RevokeInviteCommand): Promise<void> {
    return this.tx.run(async () => {
      const invitation = isMultiuse ? await this.access.multiuseInvitation(actor, id) : await this.access.invitation(actor, id);
      await this.store.setStatus(invitation.id, InvitationStatus.Revoked);
      await this.writes.notifyChanged(actor.realmId, invitation.referredById);
    });
  }
}

/** Zulip's `resend_user_invite_email`: the same link again, counted against the daily limit. */
@CommandHandler(ResendInviteCommand)
export class ResendInviteHandler implements ICommandHandler<ResendInviteCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly access: InviteAccess,
    private readonly writes: InvitationWrites,
  ) {}

  execute({ actor, id }: ResendInviteCommand): Promise<void> {
    return this.tx.run(async () => {
      const invitation = await this.access.invitation(actor, id);
      const now = new Date();
      await this.writes.checkDailyLimit(actor.realmId, 1, now);
      await this.writes.sendEmail(invitation, now);
    });
  }
}

/** Zulip expires them (they stay, expired) and tells the administrators when there were any. */
@CommandHandler(ExpireInvitesOfUserCommand)
export class ExpireInvitesOfUserHandler implements ICommandHandler<ExpireInvitesOfUserCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: InvitationStore,
    private readonly writes: InvitationWrites,
  ) {}

  execute({ realmId, userId }: ExpireInvitesOfUserCommand): Promise<void> {
    return this.tx.run(async () => {
      if ((await this.store.expireAllBy(userId, new Date())) > 0) await this.writes.notifyChanged(realmId, null);
    });
  }
}
