import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { QueryBus } from '@nestjs/cqrs';
import { FastifyRequest } from 'fastify';
import { ApiError } from '../shared/api-error';
import { RealmAddressing } from '../realm/domain/realm-addressing';
import { RealmRepository } from '../realm/persistence/realm.repository';
import { AuthenticateApiKeyQuery } from '../users/queries/authenticate-api-key.query';
import { UserEntity } from '../users/persistence/user.entity';
import { AuthCache, CachedRealm } from './auth-cache';
import { AUTH_MODE, AuthMode } from './decorators';
import { clientNameFrom } from './client-name';
import { RequestUser, contextOf } from './request-context';

/**
 * Resolves the realm from the Host header (an unknown subdomain is a 404), then, unless
 * the endpoint is public, authenticates HTTP Basic credentials (email and API key).
 */
@Injectable()
export class ApiAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly queryBus: QueryBus,
    private readonly realms: RealmRepository,
    private readonly addressing: RealmAddressing,
    private readonly cache: AuthCache,
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

    const subdomain = this.addressing.subdomainOf(request.headers.host);
    const realm = await this.realmOf(subdomain);
    context.realm = { id: realm.id, stringId: realm.stringId };

    const mode = this.reflector.getAllAndOverride<AuthMode>(AUTH_MODE, [ctx.getHandler(), ctx.getClass()]) ?? 'required';
    if (mode === 'none') return true;
    const authorization = request.headers.authorization ?? '';
    if (mode === 'optional' && authorization.trim() === '') return true;

    const remembered = this.cache.user(subdomain, authorization);
    // A copy: the remembered object outlives this request.
    context.user = remembered ? { ...remembered } : await this.authenticate(subdomain, realm, authorization);
    return true;
  }

  private async realmOf(subdomain: string): Promise<CachedRealm> {
    const cached = this.cache.realm(subdomain);
    if (cached) return cached;
    const generation = this.cache.generation;
    const found = await this.realms.findBySubdomain(subdomain);
    if (!found) throw new ApiError('Invalid subdomain', 'NONEXISTENT_SUBDOMAIN', 404);
    const realm = { id: found.id, stringId: found.stringId, deactivated: found.deactivated };
    this.cache.rememberRealm(subdomain, realm, generation);
    return realm;
  }

  /** Checks the credentials against the database; only a success is remembered. */
  private async authenticate(subdomain: string, realm: CachedRealm, authorization: string): Promise<RequestUser> {
    const generation = this.cache.generation;
    const { email, apiKey } = basicCredentials(authorization);
    const user = await this.queryBus.execute<AuthenticateApiKeyQuery, UserEntity>(
      new AuthenticateApiKeyQuery(realm.id, email, apiKey, realm.deactivated),
    );
    const authenticated: RequestUser = {
      id: user.id,
      realmId: user.realmId,
      role: user.role,
      isBot: user.isBot,
      botType: user.botType,
      deliveryEmail: user.deliveryEmail,
      fullName: user.fullName,
    };
    this.cache.rememberUser(subdomain, authorization, authenticated, generation);
    return authenticated;
  }
}

function basicCredentials(header: string | undefined): { email: string; apiKey: string } {
  if (header === undefined || header.trim() === '') {
    throw ApiError.unauthorized('Not logged in: API authentication or user session required');
  }
  const parts = header.trim().split(/\s+/);
  if (parts.length !== 2) throw ApiError.unauthorized('Invalid authorization header for basic auth');
  if (parts[0].toLowerCase() !== 'basic') {
    throw ApiError.badRequest('This endpoint requires HTTP basic authentication.');
  }
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(parts[1])) throw ApiError.unauthorized('Invalid authorization header for basic auth');
  const decoded = Buffer.from(parts[1], 'base64').toString('utf8');
  const pieces = decoded.split(':');
  if (pieces.length !== 2) throw ApiError.unauthorized('Invalid authorization header for basic auth');
  return { email: pieces[0], apiKey: pieces[1] };
}
