import { createParamDecorator, ExecutionContext, SetMetadata } from '@nestjs/common';
import { FastifyRequest } from 'fastify';
import { contextOf, RequestContext } from './request-context';
import { RealmRef } from '../shared/realm-ref';
import { Actor } from '../shared/actor';

export const AUTH_MODE = 'chat:authMode';
/**
 * `required`: Basic auth; `none`: no credentials read (the realm is still resolved);
 * `optional`: Basic auth when an Authorization header is sent, anonymous otherwise (outside
 * `/api/v1`, the browser's session cookie signs in too); `page`: a page of the web app,
 * signed in by a valid session cookie, anonymous otherwise. Through `/json`, every mode
 * but `none` reads the session cookie only (wire/json-routes.ts).
 */
export type AuthMode = 'required' | 'none' | 'optional' | 'page';

/** Marks an endpoint that answers without credentials. */
export const PublicEndpoint = () => SetMetadata(AUTH_MODE, 'none' satisfies AuthMode);

/** Marks an endpoint that authenticates a client that sends credentials and lets others in anonymously. */
export const OptionalAuthEndpoint = () => SetMetadata(AUTH_MODE, 'optional' satisfies AuthMode);

/** Marks a page that knows who is signed in by the session cookie (the web app, the log-in page). */
export const SessionPage = () => SetMetadata(AUTH_MODE, 'page' satisfies AuthMode);

export const INCOMING_WEBHOOK_ACCESS = 'chat:incomingWebhookAccess';
/** Incoming-webhook bots may call this endpoint (Zulip's `allow_incoming_webhooks`: sending messages). */
export const AllowIncomingWebhookBots = () => SetMetadata(INCOMING_WEBHOOK_ACCESS, true);

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
