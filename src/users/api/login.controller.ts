import { Controller, Get, Post, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FastifyReply, FastifyRequest } from 'fastify';
import { html } from '../../platform/web/html';
import { formError, messagePage, renderPage } from '../../platform/web/page-layout';
import { PAGE_TEXTS } from '../../platform/web/page-texts';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { effectiveRealmProperties } from '../../realm/public/realm-properties';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { Context, CurrentRealm, PublicEndpoint, RawResponse, SessionPage } from '../../wire/decorators';
import { csrfAccepted, csrfField, formValue, redirectSignedIn, sendCsrfRefusal, sendPage } from '../../wire/pages/page-response';
import { RequestContext } from '../../wire/request-context';
import { RealmRef } from '../../shared/realm-ref';
import { EndSessionCommand, SignInWithPasswordCommand, StartedSession } from '../commands/sessions.commands';
import { safeNextLocation } from '../domain/login-rules';
import { LOGIN_TEXTS as t } from '../domain/login-texts';
import { clearedSessionCookie, csrfTokenMatches, LOGIN_PATH, LOGOUT_PATH, sessionSecretOf } from '../public/session-cookie';


/** What the form shows again after a refusal. */
interface LoginForm {
  email: string;
  next: string;
  error: string | null;
}

/**
 * Zulip's log-in page (`/login/`, its email backend's form) and log-out
 * (`POST /accounts/logout/`), on the realm's host. Signing in starts a session: the
 * `sessionid` cookie the web app and its `/json` calls use (docs/accounts.md, "Signing in and sessions"). The
 * password is checked as `fetch_api_key` checks it, attempts counted alike.
 */
@Controller()
export class LoginController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
  ) {}

  @Get('login/')
  @SessionPage()
  @RawResponse()
  async form(@CurrentRealm() realm: RealmRef, @Context() context: RequestContext, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const next = formValue(request, 'next') ?? '';
    if (context.user !== null) return redirect(reply, safeNextLocation(next));
    await this.sendForm(request, reply, realm, 200, { email: '', next, error: null });
  }

  @Post('login/')
  @PublicEndpoint()
  @RawResponse()
  async logIn(@CurrentRealm() realm: RealmRef, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    if (!csrfAccepted(request, LOGIN_PATH)) return sendCsrfRefusal(reply);
    const email = (formValue(request, 'username') ?? '').trim();
    const next = formValue(request, 'next') ?? '';
    let session: StartedSession;
    try {
      session = await this.commandBus.execute<SignInWithPasswordCommand, StartedSession>(
        new SignInWithPasswordCommand(realm.id, email, formValue(request, 'password') ?? ''),
      );
    } catch (error) {
      if (!(error instanceof ApiError) || error.status >= 500) throw error;
      if (error.code === 'RATE_LIMIT_HIT') {
        const seconds = Math.ceil(Number(error.data['retry-after'] ?? 1));
        void reply.header('Retry-After', String(seconds));
        return sendPage(reply, 429, messagePage(PAGE_TEXTS.rateLimitedTitle, PAGE_TEXTS.rateLimitedBody(seconds)));
      }
      return this.sendForm(request, reply, realm, 200, { email, next, error: refusalText(error) });
    }
    // The session the browser held before ends, as Django's login() flushes or cycles it:
    // a session someone planted in the browser never becomes the person's.
    const previous = sessionSecretOf(request.headers.cookie);
    if (previous !== null) await this.commandBus.execute(new EndSessionCommand(previous));
    await redirectSignedIn(reply, session, this.addressing.usesHttps(), safeNextLocation(next));
  }

  /**
   * Log-out: the page's form (its CSRF token), or the web app's own request carrying the
   * session's token in `X-CSRFToken`. The session ends, the cookie is cleared, and the
   * browser goes to the log-in page.
   */
  @Post('accounts/logout/')
  @SessionPage()
  @RawResponse()
  async logOut(@Context() context: RequestContext, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const session = context.session;
    const header = request.headers['x-csrftoken'];
    const byApp = session !== null && csrfTokenMatches(session.secret, Array.isArray(header) ? header[0] : header);
    if (!byApp && !csrfAccepted(request, LOGOUT_PATH)) return sendCsrfRefusal(reply);
    if (session !== null) await this.commandBus.execute(new EndSessionCommand(session.secret));
    await reply
      .code(302)
      .header('Set-Cookie', clearedSessionCookie(this.addressing.usesHttps()))
      .header('Location', LOGIN_PATH)
      .header('Cache-Control', 'no-store')
      .send();
  }

  private async sendForm(request: FastifyRequest, reply: FastifyReply, realm: RealmRef, status: number, form: LoginForm): Promise<void> {
    const found = await this.realms.requireById(realm.id);
    if (found.deactivated) return sendPage(reply, 200, messagePage(t.title, t.realmDeactivated, found.name));
    const signupOpen = effectiveRealmProperties(found.properties).invite_required !== true;
    await sendPage(
      reply,
      status,
      renderPage({
        title: t.title,
        realmName: found.name,
        body: html`${formError(form.error)}<p>${t.intro(found.name)}</p>
<form method="post" action="${LOGIN_PATH}">
${csrfField(request, reply, LOGIN_PATH, this.addressing.usesHttps())}
<input type="hidden" name="next" value="${form.next}">
<label for="username">${t.emailLabel}</label>
<input type="email" id="username" name="username" value="${form.email}" autocomplete="username" required autofocus>
<label for="password">${t.passwordLabel}</label>
<input type="password" id="password" name="password" autocomplete="current-password" maxlength="100" required>
<button type="submit">${t.button}</button>
</form>
<p><a href="/accounts/password/reset/">${t.forgotPassword}</a></p>
${signupOpen ? html`<p>${t.signupPrompt} <a href="/register/">${t.signupLink}</a></p>` : html`<p class="hint">${t.inviteOnly}</p>`}
<h2>${t.apiTitle}</h2>
<p class="hint">${t.apiNote} <a href="/api/v1/server_settings"><code>GET /api/v1/server_settings</code></a>.</p>`,
      }),
    );
  }
}

/** The form's words for a refused sign-in (the API's codes, `fetch_api_key`'s). */
function refusalText(error: ApiError): string {
  switch (error.code) {
    case 'USER_DEACTIVATED':
      return t.userDeactivated;
    case 'REALM_DEACTIVATED':
      return t.realmDeactivated;
    case 'AUTHENTICATION_FAILED':
      return t.wrongCredentials;
    default:
      return t.invalidEmail;
  }
}

async function redirect(reply: FastifyReply, location: string): Promise<void> {
  await reply.code(302).header('Location', location).header('Cache-Control', 'no-store').send();
}
