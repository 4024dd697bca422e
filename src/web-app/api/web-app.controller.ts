import { Controller, Get, Req, Res } from '@nestjs/common';
import { FastifyReply, FastifyRequest } from 'fastify';
import { html } from '../../platform/web/html';
import { renderPage } from '../../platform/web/page-layout';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { LOGIN_PATH, LOGOUT_PATH } from '../../users/public/session-cookie';
import { Context, RawResponse, SessionPage } from '../../wire/decorators';
import { csrfField, sendPage } from '../../wire/pages/page-response';
import { RequestContext } from '../../wire/request-context';
import { WEB_APP_CONTENT_SECURITY_POLICY } from '../domain/web-app-page';
import { WEB_APP_TEXTS as t } from '../domain/web-app-texts';
import { webAppShell } from './web-app-shell';

/**
 * `GET /`: the web app for a signed-in browser (its session cookie), the log-in page for
 * everyone else (docs/accounts.md, "Signing in and sessions"). The app's page carries the session's CSRF token and
 * is never cached (the token is the session's).
 */
@Controller()
export class WebAppController {
  constructor(
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
  ) {}

  @Get()
  @SessionPage()
  @RawResponse()
  async home(@Context() context: RequestContext, @Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    const { user, session } = context;
    if (user === null || session === null) {
      await reply.code(302).header('Location', LOGIN_PATH).header('Cache-Control', 'no-store').send();
      return;
    }
    const shell = await webAppShell(session.csrfToken);
    if (shell !== null) {
      await reply
        .code(200)
        .header('Content-Type', 'text/html; charset=utf-8')
        .header('Content-Security-Policy', WEB_APP_CONTENT_SECURITY_POLICY)
        .header('Cache-Control', 'no-store')
        .send(shell);
      return;
    }
    const realmName = (await this.realms.findById(user.realmId))?.name ?? '';
    await sendPage(
      reply,
      200,
      renderPage({
        title: t.notBuiltTitle,
        realmName,
        // The app's page contract, kept by this stand-in too: the session's CSRF token.
        head: html`<meta name="csrf-token" content="${session.csrfToken}">\n`,
        body: html`<p id="signed-in-as">${t.signedInAs(user.fullName, user.deliveryEmail)}</p>
<p class="hint">${t.notBuilt}</p>
<form method="post" action="${LOGOUT_PATH}">
${csrfField(request, reply, LOGOUT_PATH, this.addressing.usesHttps())}
<button type="submit">${t.logOut}</button>
</form>`,
      }),
    );
  }
}
