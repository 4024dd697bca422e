import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { ApiError } from '../shared/api-error';
import { csrfTokenMatches, sessionCsrfToken } from '../users/public/session-cookie';
import { AUTH_MODE, AuthMode, INCOMING_WEBHOOK_ACCESS, WEBHOOK_ROUTE_EXISTS, WebhookRouteCheck } from './decorators';
import { clientNameFrom } from './client-name';
import { AddressedRealm, Credentials } from './credentials';
import { addressedToApi, cameThroughJson, CSRF_SAFE_METHODS, csrfFailed } from './json-routes';
import { contextOf, RequestContext } from './request-context';
import { Actor } from '../shared/actor';

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
    if (mode === 'webhook') {
      const routeExists = this.reflector.get<WebhookRouteCheck>(WEBHOOK_ROUTE_EXISTS, ctx.getHandler());
      context.user = await this.signInForWebhook(request, addressed, routeExists);
      return true;
    }
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

  /**
   * An incoming webhook's sender: the `api_key` URL parameter (Zulip's `webhook_view`), else
   * Basic credentials (its `authenticated_rest_api_view` for webhooks), else Zulip's missing
   * `api_key`. A path naming no integration, or the `/json` door (Zulip has none for
   * webhooks), is the unknown path's 404, before any credentials are read.
   */
  private async signInForWebhook(request: FastifyRequest, addressed: AddressedRealm, routeExists: WebhookRouteCheck): Promise<Actor> {
    if (cameThroughJson(request) || !routeExists(request.params as Record<string, string | undefined>)) {
      throw new ApiError('Not found', 'BAD_REQUEST', 404);
    }
    const apiKey = webhookApiKey(request);
    if (apiKey !== undefined) return this.credentials.userByApiKey(addressed, apiKey);
    const authorization = request.headers.authorization ?? '';
    if (authorization.trim() === '') throw ApiError.missingArgument('api_key');
    return this.credentials.userFor(addressed, authorization, { allowIncomingWebhookBots: true });
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

/** The `api_key` of the URL, or of a form body (Zulip's REQ reads both), as sent. */
function webhookApiKey(request: FastifyRequest): string | undefined {
  const fromForm = isFormBody(request) ? lastValue((request.body as Record<string, unknown>).api_key) : undefined;
  return fromForm ?? lastValue((request.query as Record<string, unknown> | undefined)?.api_key);
}

function isFormBody(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() === 'application/x-www-form-urlencoded'
    && typeof request.body === 'object' && request.body !== null;
}

function lastValue(value: unknown): string | undefined {
  const last: unknown = Array.isArray(value) ? value[value.length - 1] : value;
  return typeof last === 'string' ? last : undefined;
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
