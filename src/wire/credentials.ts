import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiError } from '../shared/api-error';
import { RealmAddressing } from '../realm/domain/realm-addressing';
import { RealmRepository } from '../realm/persistence/realm.repository';
import { AuthenticateApiKeyQuery } from '../users/queries/authenticate-api-key.query';
import { UserRow } from '../users/persistence/user-row';
import { BotType } from '../users/domain/roles';
import { AuthCache, CachedRealm } from './auth-cache';
import { RequestUser } from './request-context';

/** The realm a request's Host header addresses. */
export interface AddressedRealm {
  subdomain: string;
  realm: CachedRealm;
}

/**
 * The one credential function of the API: the realm from the Host header (an unknown
 * subdomain is a 404), and the user from HTTP Basic credentials (email and API key), with
 * Zulip's errors. Successes are remembered by the auth cache, so a long-poll renewed every
 * heartbeat reads nothing from the database. Every route authenticates through it: the
 * Nest guard, and the long-poll route that runs outside Nest's pipeline.
 */
@Injectable()
export class Credentials {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly realms: RealmRepository,
    private readonly addressing: RealmAddressing,
    private readonly cache: AuthCache,
  ) {}

  /** The addressed realm if this process remembers it (no promise: the long-poll path's hit). */
  rememberedRealm(host: string | undefined): AddressedRealm | null {
    const subdomain = this.addressing.subdomainOf(host);
    const cached = this.cache.realm(subdomain);
    return cached ? { subdomain, realm: cached } : null;
  }

  async realmFor(host: string | undefined): Promise<AddressedRealm> {
    const remembered = this.rememberedRealm(host);
    if (remembered) return remembered;
    const subdomain = this.addressing.subdomainOf(host);
    const generation = this.cache.generation;
    const found = await this.realms.findBySubdomain(subdomain);
    if (!found) throw new ApiError('Invalid subdomain', 'NONEXISTENT_SUBDOMAIN', 404);
    const realm = { id: found.id, stringId: found.stringId, deactivated: found.deactivated };
    this.cache.rememberRealm(subdomain, realm, generation);
    return { subdomain, realm };
  }

  /**
   * The user if this process remembers these credentials: a copy, the caller's own.
   * Incoming-webhook bots are refused unless the endpoint lets them in (see userFor).
   */
  rememberedUser({ subdomain }: AddressedRealm, authorization: string, access: EndpointAccess = {}): RequestUser | null {
    const remembered = this.cache.user(subdomain, authorization);
    return remembered ? checkEndpointAccess({ ...remembered }, access) : null;
  }

  /**
   * The user the Authorization header names in the addressed realm: a copy, the caller's
   * own. As in Zulip (`validate_api_key`), an incoming-webhook bot may only use endpoints
   * that allow it (sending messages): it holds a key meant for one integration's posts.
   */
  async userFor(addressed: AddressedRealm, authorization: string, access: EndpointAccess = {}): Promise<RequestUser> {
    const remembered = this.rememberedUser(addressed, authorization, access);
    if (remembered) return remembered;
    const { subdomain, realm } = addressed;
    const generation = this.cache.generation;
    const { email, apiKey } = basicCredentials(authorization);
    const user = await this.queryBus.execute<AuthenticateApiKeyQuery, UserRow>(
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
    return checkEndpointAccess({ ...authenticated }, access);
  }
}

/** What an endpoint lets in beyond ordinary users and bots. */
export interface EndpointAccess {
  allowIncomingWebhookBots?: boolean;
}

function checkEndpointAccess(user: RequestUser, access: EndpointAccess): RequestUser {
  if (user.isBot && user.botType === BotType.IncomingWebhook && access.allowIncomingWebhookBots !== true) {
    throw new ApiError('This API is not available to incoming webhook bots.', 'UNAUTHORIZED', 401);
  }
  return user;
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
