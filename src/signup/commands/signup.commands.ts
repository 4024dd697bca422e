import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CreatedUser } from '../../admin/commands/create-user.command';
import { UserCreation } from '../../admin/commands/user-creation';
import { GroupMemberWrites } from '../../groups/commands/group-member-writes';
import { InvitationKeys } from '../../invites/queries/invitation-keys';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { MailOutbox } from '../../platform/mail/mail-outbox';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { emailDomainAllowed } from '../../realm/public/realm-domains';
import { effectiveRealmProperties } from '../../realm/public/realm-properties';
import { RealmDomainReader } from '../../realm/queries/get-realm-domains.query';
import { RealmDirectory, RealmEntity } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { confirmationKey } from '../../shared/confirmation-key';
import { Role } from '../../shared/roles';
import { isValidEmail, normalizeEmail } from '../../users/public/user-rules';
import { UserDirectory } from '../../users/queries/user-directory';
import { SIGNUP_LINK_MINUTES, signupEmailRefusal } from '../domain/signup-rules';
import { confirmRegistrationMail, SIGNUP_TEXTS as t } from '../domain/signup-texts';
import { SignupConfirmationStore, SignupGrant } from '../persistence/signup-confirmation.store';
import { SignupLinkError, SignupLinks } from '../queries/signup-links';

/** What became of a sign-up request: a mailed link, or the page's refusal. */
export type SignupRequestOutcome = { kind: 'sent'; email: string } | { kind: 'refused'; message: string } | { kind: 'deactivated' };

/** A sign-up from the sign-up page: a member with the realm's default channels (Zulip's uninvited PreregistrationUser). */
const SELF_SIGNUP: SignupGrant = { multiuseInvitationId: null, invitedAs: Role.Member, streamIds: [], groupIds: [], includeRealmDefaultSubscriptions: true };

/**
 * Zulip's `accounts_home` POST for an existing organization: the address is checked
 * against the realm's rules (`invite_required`, `emails_restricted_to_domains` and its
 * domains) and its accounts, then a one-day confirmation link is stored and mailed
 * (`confirm_registration`) in one transaction. From a reusable invitation link
 * (`reusableLinkKey`, Zulip's `accounts_home_from_multiuse_invite`) the link is the
 * invitation, so `invite_required` does not apply, and the confirmation keeps the role,
 * channels and groups the link gives (Zulip's `prepare_activation_url`); the link itself
 * is not used up. A reusable link that opens nothing throws its ApiError (with a `reason`).
 */
export class RequestSignupCommand {
  constructor(
    readonly realmId: number,
    readonly email: string,
    readonly reusableLinkKey: string | null = null,
  ) {}
}

@CommandHandler(RequestSignupCommand)
export class RequestSignupHandler implements ICommandHandler<RequestSignupCommand, SignupRequestOutcome> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly realms: RealmDirectory,
    private readonly domains: RealmDomainReader,
    private readonly users: UserDirectory,
    private readonly invitations: InvitationKeys,
    private readonly store: SignupConfirmationStore,
    private readonly outbox: MailOutbox,
    private readonly addressing: RealmAddressing,
  ) {}

  async execute({ realmId, email: raw, reusableLinkKey }: RequestSignupCommand): Promise<SignupRequestOutcome> {
    const realm = await this.realms.requireById(realmId);
    if (realm.deactivated) return { kind: 'deactivated' };
    if (reusableLinkKey !== null) await this.reusableGrant(realmId, reusableLinkKey);
    const email = normalizeEmail(raw);
    if (!isValidEmail(email)) return { kind: 'refused', message: t.invalidEmail };
    const refusal = await signupRefusal(realm, email, this.domains, reusableLinkKey === null);
    if (refusal !== null) return { kind: 'refused', message: refusal };
    // Zulip sends such an address to the login page ("already registered").
    if (await this.users.findByDeliveryEmail(realm.id, email)) return { kind: 'refused', message: t.alreadyRegistered(email) };
    const key = confirmationKey();
    await this.tx.run(async () => {
      // Read again, locked: a link revoked meanwhile mails nothing.
      const grant = reusableLinkKey === null ? SELF_SIGNUP : await this.reusableGrant(realmId, reusableLinkKey, true);
      await this.store.insert(realm.id, email, key, SIGNUP_LINK_MINUTES, grant);
      await this.outbox.enqueue(confirmRegistrationMail(email, `${this.addressing.url(realm.stringId)}/accounts/do_confirm/${key}`));
    });
    return { kind: 'sent', email };
  }

  /** What the realm's reusable link `key` gives; an email invitation's key or another realm's opens nothing here. */
  private async reusableGrant(realmId: number, key: string, lock = false): Promise<SignupGrant> {
    const invitation = await this.invitations.lookup(key, lock);
    if (!invitation.isMultiuse || invitation.realmId !== realmId) throw new SignupLinkError('not_found');
    return {
      multiuseInvitationId: invitation.invitationId,
      invitedAs: invitation.inviteAs,
      streamIds: invitation.streamIds,
      groupIds: invitation.groupIds,
      includeRealmDefaultSubscriptions: invitation.includeRealmDefaultSubscriptions,
    };
  }
}

/** The realm's refusal of a self-sign-up by `email`, or null (Zulip's HomepageForm rules). */
async function signupRefusal(realm: RealmEntity, email: string, domains: RealmDomainReader, withInviteRule = true): Promise<string | null> {
  const properties = effectiveRealmProperties(realm.properties);
  const restricted = properties.emails_restricted_to_domains === true;
  return signupEmailRefusal(email, {
    inviteRequired: withInviteRule && properties.invite_required === true,
    emailsRestrictedToDomains: restricted,
    domainAllowed: restricted && emailDomainAllowed(email, await domains.list(realm.id)),
  });
}

/**
 * Zulip's `accounts_register` for a self-sign-up link: the account of the confirmed
 * address, with what the link was mailed with (a member with the realm's default
 * channels, or a reusable invitation's role, channels and groups); the link is spent, as
 * are the address's other links in the realm. A link that opens nothing throws its ApiError; a
 * refused name or password throws Zulip's error for it.
 */
export class RegisterFromSignupLinkCommand {
  constructor(
    readonly realmId: number,
    readonly key: string,
    readonly fullName: string,
    readonly password: string,
  ) {}
}

@CommandHandler(RegisterFromSignupLinkCommand)
export class RegisterFromSignupLinkHandler implements ICommandHandler<RegisterFromSignupLinkCommand, CreatedUser> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly realms: RealmDirectory,
    private readonly domains: RealmDomainReader,
    private readonly links: SignupLinks,
    private readonly store: SignupConfirmationStore,
    private readonly creation: UserCreation,
    private readonly groups: GroupMemberWrites,
  ) {}

  async execute({ realmId, key, fullName, password }: RegisterFromSignupLinkCommand): Promise<CreatedUser> {
    // Refused early, before the slow password hash; checked again, locked, in the transaction.
    const link = await this.links.require(realmId, key);
    const realm = await this.realms.requireById(realmId);
    if (realm.deactivated) throw new ApiError(t.deactivatedBody, 'REALM_DEACTIVATED', 400);
    // Zulip's registration_helper checks the address against the realm's domains again
    // (they may have changed since the link was mailed), not `invite_required`.
    const refusal = await signupRefusal(realm, link.email, this.domains, false);
    if (refusal !== null) throw ApiError.badRequest(refusal);
    const checked = await this.creation.check({ email: link.email, fullName, role: link.invitedAs, password });
    return this.tx.run(async () => {
      const current = await this.links.require(realmId, key, true);
      const user = await this.creation.insert(realm, checked, {
        channelIds: current.streamIds,
        withDefaults: current.includeRealmDefaultSubscriptions,
      });
      await this.groups.addToGroups(realm.id, user.id, current.groupIds);
      await this.store.markUsed(current.id, user.id);
      await this.store.spendOthers(realm.id, current.email, current.id);
      return { user_id: user.id, email: user.deliveryEmail, api_key: user.apiKey };
    });
  }
}
