import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { ApiError } from '../shared/api-error';
import { csrfTokenMatches, sessionCsrfToken } from '../users/public/session-cookie';
import { AUTH_MODE, AuthMode, INCOMING_WEBHOOK_ACCESS } from './decorators';
import { clientNameFrom } from './client-name';
import { AddressedRealm, Credentials } from './credentials';
import { addressedToApi, cameThroughJson, CSRF_SAFE_METHODS, csrfFailed } from './json-routes';
import { contextOf, RequestContext } from './request-context';

/**
 * Resolves the realm from the Host header (an unknown subdomain is a 404), then, unless
 * the endpoint is public, authenticates HTTP Basic credentials (email and API key);
 * incoming-webhook bots only where the endpoint allows them (AllowIncomingWebhookBots).
 * Through `/json`, the session cookie instead, with the CSRF check (docs/accounts.md, "Signing in and sessions");
 * `/api/v1` never reads the cookie.
 */
@Injectable()
export class ApiAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly credentials: Credentials,
  ) {}

  async canActivate(ctx: ExecutionContext): Promise<boolean> {
    const request = ctx.switchToHttp().getRequest<FastifyRequest>();
    const context = contextOf(request);
    const requestedClient = context.params.get('client');
    if (requestedClient !== undefined) context.usedParams.add('client');
    context.clientName = clientNameFrom(
      typeof requestedClient === 'string' ? requestedClient : undefined,
      request.headers['user-agent'],
    );

    const addressed = await this.credentials.realmFor(request.headers.host);
    context.realm = { id: addressed.realm.id, stringId: addressed.realm.stringId };

    const mode = this.reflector.getAllAndOverride<AuthMode>(AUTH_MODE, [ctx.getHandler(), ctx.getClass()]) ?? 'required';
    if (mode === 'none') return true;
    if (mode === 'page') return this.signInBySession(request, context, addressed, false);
    if (cameThroughJson(request)) {
      await this.signInBySession(request, context, addressed, mode === 'required');
      checkCsrf(request, context);
      return true;
    }
    const authorization = request.headers.authorization ?? '';
    if (mode === 'optional' && authorization.trim() === '') {
      // Files the browser loads itself (uploads, avatars, exports) know its session, as Zulip's do.
      return addressedToApi(request) ? true : this.signInBySession(request, context, addressed, false);
    }
    const allowIncomingWebhookBots = this.reflector.getAllAndOverride<boolean>(INCOMING_WEBHOOK_ACCESS, [ctx.getHandler(), ctx.getClass()]) === true;
    context.user = await this.credentials.userFor(addressed, authorization, { allowIncomingWebhookBots });
    return true;
  }

  /** The session cookie's user and session on the context; without one, anonymous or (`required`) a 401. */
  private async signInBySession(request: FastifyRequest, context: RequestContext, addressed: AddressedRealm, required: boolean): Promise<boolean> {
    const session = await this.credentials.sessionFromCookie(addressed, request.headers.cookie);
    if (session === null) {
      if (required) throw ApiError.unauthorized('Not logged in: API authentication or user session required');
      return true;
    }
    context.user = session.user;
    context.session = { id: session.user.sessionId ?? 0, csrfToken: sessionCsrfToken(session.secret), secret: session.secret };
    return true;
  }
}

/**
 * Django's CSRF check on a `/json` request that may change something: the `X-CSRFToken`
 * header must be the session's token (the web app's page carries it). A request with no
 * session has no authority a forger could borrow; it is answered as signed out.
 */
function checkCsrf(request: FastifyRequest, context: RequestContext): void {
  if (CSRF_SAFE_METHODS.has(request.method) || context.session === null) return;
  const header = request.headers['x-csrftoken'];
  const token = Array.isArray(header) ? header[0] : header;
  if (token === undefined || token === '') throw csrfFailed('CSRF token missing.');
  if (!csrfTokenMatches(context.session.secret, token)) throw csrfFailed("CSRF token from the 'X-Csrftoken' HTTP header incorrect.");
}
