import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { contextOf, RequestContext } from './request-context';
import { RealmRef } from '../shared/realm-ref';
import { Actor } from '../shared/actor';

export const AUTH_MODE = 'chat:authMode';
/**
 * `required`: Basic auth; `none`: no credentials read (the realm is still resolved);
 * `optional`: Basic auth when an Authorization header is sent, anonymous otherwise (outside
 * `/api/v1`, the browser's session cookie signs in too); `page`: a page of the web app,
 * signed in by a valid session cookie, anonymous otherwise; `webhook`: an incoming
 * webhook, signed in by its URL's `api_key` or by Basic auth (IncomingWebhookEndpoint).
 * Through `/json`, every mode but `none` and `webhook` reads the session cookie only
 * (wire/json-routes.ts); `webhook` has no `/json` twin.
 */
export type AuthMode = 'required' | 'none' | 'optional' | 'page' | 'webhook';

/** Marks an endpoint that answers without credentials. */
export const PublicEndpoint = () => SetMetadata(AUTH_MODE, 'none' satisfies AuthMode);

/** Marks an endpoint that authenticates a client that sends credentials and lets others in anonymously. */
export const OptionalAuthEndpoint = () => SetMetadata(AUTH_MODE, 'optional' satisfies AuthMode);

/** Marks a page that knows who is signed in by the session cookie (the web app, the log-in page). */
export const SessionPage = () => SetMetadata(AUTH_MODE, 'page' satisfies AuthMode);

export const INCOMING_WEBHOOK_ACCESS = 'chat:incomingWebhookAccess';
/** Incoming-webhook bots may call this endpoint (Zulip's `allow_incoming_webhooks`: sending messages). */
export const AllowIncomingWebhookBots = () => SetMetadata(INCOMING_WEBHOOK_ACCESS, true);

export const WEBHOOK_ROUTE_EXISTS = 'chat:webhookRouteExists';
/** Whether an incoming webhook route's path parameters name something served (else the unknown path's 404). */
export type WebhookRouteCheck = (params: Readonly<Record<string, string | undefined>>) => boolean;

/**
 * An incoming webhook (`/api/v1/external/<name>`, Zulip's `webhook_view`): signed in by the
 * `api_key` URL parameter (any user's or bot's key, incoming-webhook bots included), or by
 * HTTP Basic credentials; a path `routeExists` refuses is answered as an unknown path,
 * before any credentials are read, as Zulip's URL table answers a name it has no view for.
 */
export const IncomingWebhookEndpoint = (routeExists: WebhookRouteCheck) =>
  applyDecorators(SetMetadata(AUTH_MODE, 'webhook' satisfies AuthMode), SetMetadata(WEBHOOK_ROUTE_EXISTS, routeExists));

export const RAW_RESPONSE = 'chat:rawResponse';
/** Marks a handler whose return value is sent as is, without the JSON envelope. */
export const RawResponse = () => SetMetadata(RAW_RESPONSE, true);

export const CurrentUser = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): Actor =>
    contextOf(ctx.switchToHttp().getRequest<FastifyRequest>()).requireUser(),
);

export const CurrentRealm = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): RealmRef =>
    contextOf(ctx.switchToHttp().getRequest<FastifyRequest>()).requireRealm(),
);

export const Context = createParamDecorator(
  (_data: unknown, ctx: ExecutionContext): RequestContext =>
    contextOf(ctx.switchToHttp().getRequest<FastifyRequest>()),
);
