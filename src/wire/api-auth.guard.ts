import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { FastifyRequest } from 'fastify';
import { AUTH_MODE, AuthMode, INCOMING_WEBHOOK_ACCESS } from './decorators';
import { clientNameFrom } from './client-name';
import { Credentials } from './credentials';
import { contextOf } from './request-context';

/**
 * Resolves the realm from the Host header (an unknown subdomain is a 404), then, unless
 * the endpoint is public, authenticates HTTP Basic credentials (email and API key);
 * incoming-webhook bots only where the endpoint allows them (AllowIncomingWebhookBots).
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
    const authorization = request.headers.authorization ?? '';
    if (mode === 'optional' && authorization.trim() === '') return true;
    const allowIncomingWebhookBots = this.reflector.getAllAndOverride<boolean>(INCOMING_WEBHOOK_ACCESS, [ctx.getHandler(), ctx.getClass()]) === true;
    context.user = await this.credentials.userFor(addressed, authorization, { allowIncomingWebhookBots });
    return true;
  }
}
