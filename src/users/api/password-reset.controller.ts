import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FastifyReply, FastifyRequest } from 'fastify';
import { PasswordSettings } from '../../platform/config/settings';
import { html } from '../../platform/web/html';
import { formError, messagePage, renderPage } from '../../platform/web/page-layout';
import { PAGE_TEXTS } from '../../platform/web/page-texts';
import { EmailSendingRequests } from '../../rate-limits/commands/email-sending-requests';
import { PasswordResetRequests } from '../../rate-limits/commands/password-reset-requests';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { CurrentRealm, PublicEndpoint, RawResponse } from '../../wire/decorators';
import { csrfAccepted, csrfField, formValue, redirectAfterPost, redirectSignedIn, sendCsrfRefusal, sendPage } from '../../wire/pages/page-response';
import { RealmRef } from '../../shared/realm-ref';
import { CompletePasswordResetCommand, PasswordResetOutcome, RequestPasswordResetCommand } from '../commands/password-reset.commands';
import { StartedSession, StartSessionCommand } from '../commands/sessions.commands';
import { PASSWORD_RESET_TEXTS as t } from '../domain/password-reset-texts';
import { ResetLinkAccount } from '../persistence/password-reset-token.store';
import { isValidEmail } from '../public/user-rules';
import { PasswordResetLinkQuery } from '../queries/password-reset-link.query';

const REQUEST_PATH = '/accounts/password/reset/';
const SENT_PATH = '/accounts/password/reset/done/';

/**
 * Zulip's password reset pages (`zerver/views/auth.py`, Django's password reset views),
 * served on the realm's host: ask for a link, "check your email", the link's page to set a
 * new password, which signs the browser in to the web app, and "done" (for clients that
 * followed the old redirect). Every form carries a CSRF token (wire/pages/page-response.ts).
 */
@Controller()
export class PasswordResetController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
    private readonly passwords: PasswordSettings,
    private readonly requests: PasswordResetRequests,
    private readonly mailRequests: EmailSendingRequests,
  ) {}

  @Get('accounts/password/reset/')
  @PublicEndpoint()
  @RawResponse()
  async requestForm(@CurrentRealm() realm: RealmRef, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    await sendPage(reply, 200, this.requestPage(await this.realmName(realm), request, reply, '', null));
  }

  @Post('accounts/password/reset/')
  @PublicEndpoint()
  @RawResponse()
  async requestLink(@CurrentRealm() realm: RealmRef, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!csrfAccepted(request, REQUEST_PATH)) return sendCsrfRefusal(reply);
    const email = (formValue(request, 'email') ?? '').trim();
    if (!isValidEmail(email)) {
      return sendPage(reply, 200, this.requestPage(await this.realmName(realm), request, reply, email, t.invalidEmail));
    }
    // Zulip's `sends_email_by_ip` (as the sign-up form), then its per-address limit.
    const limited = (await this.mailRequests.count(request.ip)) ?? (await this.requests.count(email));
    if (limited) {
      void reply.header('Retry-After', String(Math.ceil(limited.retryAfter)));
      return sendPage(reply, 429, messagePage(PAGE_TEXTS.rateLimitedTitle, PAGE_TEXTS.rateLimitedBody(Math.ceil(limited.retryAfter))));
    }
    await this.commandBus.execute(new RequestPasswordResetCommand(realm.id, email));
    return redirectAfterPost(reply, SENT_PATH);
  }

  @Get('accounts/password/reset/done/')
  @PublicEndpoint()
  @RawResponse()
  async linkSent(@CurrentRealm() realm: RealmRef, @Res() reply: FastifyReply): Promise<void> {
    await sendPage(reply, 200, messagePage(t.sentTitle, t.sentBody, await this.realmName(realm)));
  }

  @Get('accounts/password/reset/:uidb64/:token/')
  @PublicEndpoint()
  @RawResponse()
  async setForm(@CurrentRealm() realm: RealmRef, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const realmName = await this.realmName(realm);
    const account = await this.linkAccount(realm, request);
    if (!account) return sendPage(reply, 200, this.invalidLinkPage(realmName));
    await sendPage(reply, 200, this.setPage(realmName, request, reply, account.email, null));
  }

  @Post('accounts/password/reset/:uidb64/:token/')
  @PublicEndpoint()
  @RawResponse()
  async setPassword(@CurrentRealm() realm: RealmRef, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!csrfAccepted(request, formPathOf(request))) return sendCsrfRefusal(reply);
    const realmName = await this.realmName(realm);
    const account = await this.linkAccount(realm, request);
    if (!account) return sendPage(reply, 200, this.invalidLinkPage(realmName));
    const password = formValue(request, 'new_password1') ?? '';
    if (password !== (formValue(request, 'new_password2') ?? '')) {
      return sendPage(reply, 200, this.setPage(realmName, request, reply, account.email, t.mismatch));
    }
    const outcome = await this.commandBus.execute<CompletePasswordResetCommand, PasswordResetOutcome>(
      new CompletePasswordResetCommand(realm.id, account.userId, linkOf(request).token, password),
    );
    if (outcome === 'invalid-link') return sendPage(reply, 200, this.invalidLinkPage(realmName));
    if (outcome === 'too-weak') return sendPage(reply, 200, this.setPage(realmName, request, reply, account.email, t.tooWeak));
    // The password change ended every session of the account; this browser starts a new one
    // and lands in the web app (docs/accounts.md, "Signing in and sessions").
    const session = await this.commandBus.execute<StartSessionCommand, StartedSession>(new StartSessionCommand(account.userId));
    return redirectSignedIn(reply, session, this.addressing.usesHttps());
  }

  @Get('accounts/password/done/')
  @PublicEndpoint()
  @RawResponse()
  async done(@CurrentRealm() realm: RealmRef, @Res() reply: FastifyReply): Promise<void> {
    await sendPage(reply, 200, messagePage(t.doneTitle, t.doneBody(this.addressing.url(realm.stringId)), await this.realmName(realm)));
  }

  /** The account the page's link opens, or null when the link is not valid (any more). */
  private linkAccount(realm: RealmRef, request: FastifyRequest): Promise<ResetLinkAccount | null> {
    const { uidb64, token } = linkOf(request);
    return this.queryBus.execute<PasswordResetLinkQuery, ResetLinkAccount | null>(new PasswordResetLinkQuery(realm.id, uidb64, token));
  }

  private async realmName(realm: RealmRef): Promise<string> {
    return (await this.realms.findById(realm.id))?.name ?? '';
  }

  private requestPage(realmName: string, request: FastifyRequest, reply: FastifyReply, email: string, error: string | null): string {
    return renderPage({
      title: t.requestTitle,
      realmName,
      body: html`${formError(error)}<p>${t.requestIntro}</p>
<form method="post" action="${REQUEST_PATH}">
${csrfField(request, reply, REQUEST_PATH, this.addressing.usesHttps())}
<label for="email">${t.emailLabel}</label>
<input type="email" id="email" name="email" value="${email}" autocomplete="email" required autofocus>
<button type="submit">${t.requestButton}</button>
</form>`,
    });
  }

  private setPage(realmName: string, request: FastifyRequest, reply: FastifyReply, email: string, error: string | null): string {
    const path = formPathOf(request);
    const minLength = this.passwords.policy.minLength;
    return renderPage({
      title: t.setTitle,
      realmName,
      body: html`${formError(error)}<p>${t.setIntro(email)}</p>
<form method="post" action="${path}">
${csrfField(request, reply, path, this.addressing.usesHttps())}
<input type="email" name="username" value="${email}" autocomplete="username" hidden readonly>
<label for="new_password1">${t.newPasswordLabel}</label>
<input type="password" id="new_password1" name="new_password1" autocomplete="new-password" minlength="${minLength}" maxlength="100" required autofocus>
<p class="hint">${t.passwordHint(minLength)}</p>
<label for="new_password2">${t.confirmPasswordLabel}</label>
<input type="password" id="new_password2" name="new_password2" autocomplete="new-password" maxlength="100" required>
<button type="submit">${t.setButton}</button>
</form>`,
    });
  }

  private invalidLinkPage(realmName: string): string {
    return renderPage({ title: t.invalidLinkTitle, realmName, body: html`<p>${t.invalidLink}</p><p><a class="button" href="${REQUEST_PATH}">${t.requestAgain}</a></p>` });
  }
}

/** The link's parts, from the route `accounts/password/reset/:uidb64/:token`. */
function linkOf(request: FastifyRequest): { uidb64: string; token: string } {
  const params = request.params as Partial<Record<'uidb64' | 'token', string>>;
  return { uidb64: params.uidb64 ?? '', token: params.token ?? '' };
}

/** The path a form on this page posts to: the page's own, without its query. */
function formPathOf(request: FastifyRequest): string {
  const url = request.url;
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query);
}
