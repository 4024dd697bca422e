import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyReply, FastifyRequest } from 'fastify';
import { CreatedUser } from '../../admin/commands/create-user.command';
import { AcceptInvitationCommand } from '../../invites/commands/accept-invitation.command';
import { InvitationByKey, InvitationKeys } from '../../invites/queries/invitation-keys';
import { PasswordSettings } from '../../platform/config/settings';
import { html } from '../../platform/web/html';
import { formError, messagePage, renderPage } from '../../platform/web/page-layout';
import { PAGE_TEXTS } from '../../platform/web/page-texts';
import { EmailSendingRequests } from '../../rate-limits/commands/email-sending-requests';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { StartedSession, StartSessionCommand } from '../../users/commands/sessions.commands';
import { isValidEmail } from '../../users/public/user-rules';
import { CurrentRealm, PublicEndpoint, RawResponse } from '../../wire/decorators';
import { csrfAccepted, csrfField, formValue, redirectAfterPost, redirectSignedIn, sendCsrfRefusal, sendPage } from '../../wire/pages/page-response';
import { RealmRef } from '../../shared/realm-ref';
import { RegisterFromSignupLinkCommand, RequestSignupCommand, SignupRequestOutcome } from '../commands/signup.commands';
import { SIGNUP_TEXTS as t } from '../domain/signup-texts';
import { OpenSignupLink, SignupLinks } from '../queries/signup-links';

const HOME_PATH = '/register/';
const SENT_PATH = '/accounts/send_confirm/';

/** What the registration form shows: whose account, at which (confirmed or invited) address. */
interface RegistrationForm {
  realmName: string;
  intro: string;
  email: string;
  formPath: string;
}

/** The page asking for an address to confirm: the sign-up page, or a reusable link's. */
interface AddressForm {
  realmName: string;
  intro: string;
  formPath: string;
}

/**
 * Zulip's sign-up pages on the realm's host (`zerver/views/registration.py`): `/register/`
 * (accounts_home: an address, then a mailed link), `/accounts/send_confirm/`, the mailed
 * link `/accounts/do_confirm/<key>` opening the registration form (register.html: name
 * and password), and the invitation links `/join/<key>/`: an email invitation's opens
 * the registration form at once (the mail proved the address), a reusable link's asks
 * for an address and mails its confirmation link first, as `/register/` does (Zulip's
 * `accounts_home_from_multiuse_invite`). A new account lands in the web app, signed in.
 */
@Controller()
export class SignupController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly passwords: PasswordSettings,
    private readonly invitations: InvitationKeys,
    private readonly signupLinks: SignupLinks,
    private readonly mailRequests: EmailSendingRequests,
  ) {}

  @Get('register/')
  @PublicEndpoint()
  @RawResponse()
  async home(@CurrentRealm() realm: RealmRef, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const found = await this.realms.requireById(realm.id);
    if (found.deactivated) return sendPage(reply, 200, this.messagePage(found.name, t.deactivatedTitle, t.deactivatedBody));
    await sendPage(reply, 200, this.addressPage(request, reply, this.homeForm(found.name), '', null));
  }

  @Post('register/')
  @PublicEndpoint()
  @RawResponse()
  async requestLink(@CurrentRealm() realm: RealmRef, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!csrfAccepted(request, HOME_PATH)) return sendCsrfRefusal(reply);
    await this.mailLink(request, reply, realm, this.homeForm(await this.realmName(realm)), null);
  }

  @Get('accounts/send_confirm/')
  @PublicEndpoint()
  @RawResponse()
  async linkSent(@CurrentRealm() realm: RealmRef, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const realmName = await this.realmName(realm);
    const email = formValue(request, 'email') ?? '';
    // Zulip's signup_send_confirm: the address is shown, so it must look like one.
    if (!isValidEmail(email)) return sendPage(reply, 400, this.messagePage(realmName, t.homeTitle, t.invalidEmail));
    await sendPage(reply, 200, this.messagePage(realmName, t.sentTitle, t.sentBody(email)));
  }

  @Get('accounts/do_confirm/:key')
  @PublicEndpoint()
  @RawResponse()
  async confirmForm(@CurrentRealm() realm: RealmRef, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const realmName = await this.realmName(realm);
    const key = keyOf(request);
    const link = await this.signupLink(realm, key);
    if (link instanceof ApiError) return this.sendInvalidLink(reply, realmName, link);
    await sendPage(reply, 200, this.registrationPage(request, reply, this.signupForm(realmName, key, link), null, ''));
  }

  @Post('accounts/do_confirm/:key')
  @PublicEndpoint()
  @RawResponse()
  async confirmRegister(@CurrentRealm() realm: RealmRef, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const key = keyOf(request);
    const form = `/accounts/do_confirm/${key}`;
    if (!csrfAccepted(request, form)) return sendCsrfRefusal(reply);
    const realmName = await this.realmName(realm);
    const link = await this.signupLink(realm, key);
    if (link instanceof ApiError) return this.sendInvalidLink(reply, realmName, link);
    const fullName = formValue(request, 'full_name') ?? '';
    await this.register(request, reply, realm, this.signupForm(realmName, key, link), fullName, () =>
      this.commandBus.execute<RegisterFromSignupLinkCommand, CreatedUser>(
        new RegisterFromSignupLinkCommand(realm.id, key, fullName, formValue(request, 'password') ?? ''),
      ),
    );
  }

  @Get('join/:key')
  @PublicEndpoint()
  @RawResponse()
  async invitationForm(@CurrentRealm() realm: RealmRef, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const realmName = await this.realmName(realm);
    const key = keyOf(request);
    const invitation = await this.invitation(realm, key);
    if (invitation instanceof ApiError) return this.sendInvalidLink(reply, realmName, invitation);
    if (invitation.email === null) return sendPage(reply, 200, this.addressPage(request, reply, this.reusableForm(realmName, key), '', null));
    await sendPage(reply, 200, this.registrationPage(request, reply, this.joinForm(realmName, key, invitation.email), null, ''));
  }

  @Post('join/:key')
  @PublicEndpoint()
  @RawResponse()
  async acceptInvitation(@CurrentRealm() realm: RealmRef, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const key = keyOf(request);
    if (!csrfAccepted(request, `/join/${key}/`)) return sendCsrfRefusal(reply);
    const realmName = await this.realmName(realm);
    const invitation = await this.invitation(realm, key);
    if (invitation instanceof ApiError) return this.sendInvalidLink(reply, realmName, invitation);
    // A reusable link takes an address only, and mails it a confirmation: the account waits for it.
    if (invitation.email === null) return this.mailLink(request, reply, realm, this.reusableForm(realmName, key), key);
    const fullName = formValue(request, 'full_name') ?? '';
    const password = formValue(request, 'password') ?? '';
    await this.register(request, reply, realm, this.joinForm(realmName, key, invitation.email), fullName, () =>
      this.commandBus.execute<AcceptInvitationCommand, CreatedUser>(new AcceptInvitationCommand(key, { fullName, password })),
    );
  }

  /**
   * An address form's POST (Zulip's `accounts_home`): the client's mail budget, then the
   * address checked and its confirmation link mailed; a refusal shows the form again with
   * Zulip's reason, a reusable link that stopped working meanwhile the invalid-link page.
   */
  private async mailLink(
    request: FastifyRequest,
    reply: FastifyReply,
    realm: RealmRef,
    form: AddressForm,
    reusableLinkKey: string | null,
  ): Promise<void> {
    const email = (formValue(request, 'email') ?? '').trim();
    // Zulip's `sends_email_by_ip` (counted here for every submitted address, refused or not).
    const limited = await this.mailRequests.count(request.ip);
    if (limited) {
      void reply.header('Retry-After', String(Math.ceil(limited.retryAfter)));
      return sendPage(reply, 429, messagePage(PAGE_TEXTS.rateLimitedTitle, PAGE_TEXTS.rateLimitedBody(Math.ceil(limited.retryAfter))));
    }
    let outcome: SignupRequestOutcome;
    try {
      outcome = await this.commandBus.execute<RequestSignupCommand, SignupRequestOutcome>(new RequestSignupCommand(realm.id, email, reusableLinkKey));
    } catch (error) {
      if (error instanceof ApiError && isLinkError(error)) return this.sendInvalidLink(reply, form.realmName, error);
      throw error;
    }
    if (outcome.kind === 'deactivated') return sendPage(reply, 200, this.messagePage(form.realmName, t.deactivatedTitle, t.deactivatedBody));
    if (outcome.kind === 'refused') return sendPage(reply, 200, this.addressPage(request, reply, form, email, outcome.message));
    return redirectAfterPost(reply, `${SENT_PATH}?email=${encodeURIComponent(outcome.email)}`);
  }

  /**
   * Runs the registration and signs the new account in to the web app; a refusal (name, password,
   * address) shows the form again with Zulip's reason; a link that stopped working
   * meanwhile (used by a racing submit, revoked) shows the invalid-link page.
   */
  private async register(
    request: FastifyRequest,
    reply: FastifyReply,
    realm: RealmRef,
    form: RegistrationForm,
    fullName: string,
    create: () => Promise<CreatedUser>,
  ): Promise<void> {
    let created: CreatedUser;
    try {
      created = await create();
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      if (isLinkError(error)) return this.sendInvalidLink(reply, form.realmName, error);
      return sendPage(reply, 200, this.registrationPage(request, reply, form, error.msg, fullName));
    }
    // The new account lands in the web app signed in (Zulip's `login_and_go_to_home`); its
    // API key is the settings' to show, as in Zulip.
    const session = await this.commandBus.execute<StartSessionCommand, StartedSession>(new StartSessionCommand(created.user_id));
    await redirectSignedIn(reply, session, this.addressing.usesHttps());
  }

  /** The self-sign-up link `key` opens on this realm's host, or the reason it opens nothing. */
  private async signupLink(realm: RealmRef, key: string): Promise<OpenSignupLink | ApiError> {
    try {
      return await this.signupLinks.require(realm.id, key);
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
  }

  /** The invitation `key` opens on this realm's host (another realm's is one that does not exist here). */
  private async invitation(realm: RealmRef, key: string): Promise<InvitationByKey | ApiError> {
    try {
      const invitation = await this.invitations.lookup(key);
      return invitation.realmId === realm.id ? invitation : new ApiError(t.linkNotFound, 'BAD_REQUEST', 400, { reason: 'not_found' });
    } catch (error) {
      if (error instanceof ApiError) return error;
      throw error;
    }
  }

  private async realmName(realm: RealmRef): Promise<string> {
    return (await this.realms.findById(realm.id))?.name ?? '';
  }

  private signupForm(realmName: string, key: string, link: OpenSignupLink): RegistrationForm {
    return { realmName, intro: t.registerIntro(realmName), email: link.email, formPath: `/accounts/do_confirm/${key}` };
  }

  private joinForm(realmName: string, key: string, email: string): RegistrationForm {
    return { realmName, intro: t.invitedIntro(realmName), email, formPath: `/join/${key}/` };
  }

  private homeForm(realmName: string): AddressForm {
    return { realmName, intro: t.homeIntro(realmName), formPath: HOME_PATH };
  }

  private reusableForm(realmName: string, key: string): AddressForm {
    return { realmName, intro: t.reusableIntro(realmName), formPath: `/join/${key}/` };
  }

  private addressPage(request: FastifyRequest, reply: FastifyReply, form: AddressForm, email: string, error: string | null): string {
    return renderPage({
      title: t.homeTitle,
      realmName: form.realmName,
      body: html`${formError(error)}<p>${form.intro}</p>
<form method="post" action="${form.formPath}">
${csrfField(request, reply, form.formPath, this.addressing.usesHttps())}
<label for="email">${t.emailLabel}</label>
<input type="email" id="email" name="email" value="${email}" autocomplete="email" required autofocus>
<button type="submit">${t.homeButton}</button>
</form>`,
    });
  }

  private registrationPage(request: FastifyRequest, reply: FastifyReply, form: RegistrationForm, error: string | null, fullName: string): string {
    const minLength = this.passwords.policy.minLength;
    return renderPage({
      title: t.registerTitle,
      realmName: form.realmName,
      body: html`${formError(error)}<p>${form.intro}</p>
<form method="post" action="${form.formPath}">
${csrfField(request, reply, form.formPath, this.addressing.usesHttps())}
<label for="email">${t.yourEmail}</label>
<input type="email" id="email" name="username" value="${form.email}" autocomplete="username" readonly>
<label for="full_name">${t.fullNameLabel}</label>
<input type="text" id="full_name" name="full_name" value="${fullName}" autocomplete="name" maxlength="100" required autofocus>
<label for="password">${t.passwordLabel}</label>
<input type="password" id="password" name="password" autocomplete="new-password" minlength="${minLength}" maxlength="100" required>
<p class="hint">${t.passwordHint(minLength)}</p>
<button type="submit">${t.registerButton}</button>
</form>`,
    });
  }

  private messagePage(realmName: string, title: string, message: string): string {
    return renderPage({ title, realmName, body: html`<p>${message}</p>` });
  }

  /** Zulip's `render_confirmation_key_error`: the reason, with a 404. */
  private sendInvalidLink(reply: FastifyReply, realmName: string, error: ApiError): Promise<void> {
    return sendPage(reply, 404, renderPage({ title: t.invalidLinkTitle, realmName, body: html`<p class="error" role="alert">${error.msg}</p><p>${t.linkHint}</p>` }));
  }
}

/** A confirmation key's refusal (invites' ConfirmationKeyError, SignupLinkError): they name a `reason`. */
function isLinkError(error: ApiError): boolean {
  return typeof error.data.reason === 'string';
}

function keyOf(request: FastifyRequest): string {
  return (request.params as Partial<Record<'key', string>>).key ?? '';
}
