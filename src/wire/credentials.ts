import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiError } from '../shared/api-error';
import { RealmAddressing } from '../realm/public/realm-addressing';
import { RealmDirectory } from '../realm/queries/realm-directory';
import { AuthenticateApiKeyQuery } from '../users/queries/authenticate-api-key.query';
import { AuthenticateSessionQuery, SessionUser } from '../users/queries/authenticate-session.query';
import { actorOf, UserRow } from '../users/public/user-row';
import { sessionSecretOf } from '../users/public/session-cookie';
import { BotType } from '../shared/roles';
import { AuthCache, CachedRealm } from './auth-cache';
import { Actor } from '../shared/actor';

/** The realm a request's Host header addresses. */
export interface AddressedRealm {
  subdomain: string;
  realm: CachedRealm;
}

/**
 * The one credential function of the API: the realm from the Host header (an unknown
 * subdomain is a 404), and the user from HTTP Basic credentials (email and API key), with
 * Zulip's errors: every refusal of the credentials is a 401 UNAUTHORIZED carrying
 * `WWW-Authenticate: Basic realm="zulip"` and the refusal's own message, except a scheme
 * other than Basic (400, as in Zulip's `get_basic_credentials`). Successes are remembered
 * by the auth cache, so a long-poll renewed every heartbeat reads nothing from the database.
 * Every route authenticates through it: the Nest guard, and the long-poll route that runs
 * outside Nest's pipeline.
 */
@Injectable()
export class Credentials {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly realms: RealmDirectory,
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
  rememberedUser({ subdomain }: AddressedRealm, authorization: string, access: EndpointAccess = {}): Actor | null {
    const remembered = this.cache.user(subdomain, authorization);
    return remembered ? checkEndpointAccess({ ...remembered }, access) : null;
  }

  /**
   * The user the Authorization header names in the addressed realm: a copy, the caller's
   * own. As in Zulip (`validate_api_key`), an incoming-webhook bot may only use endpoints
   * that allow it (sending messages): it holds a key meant for one integration's posts.
   */
  async userFor(addressed: AddressedRealm, authorization: string, access: EndpointAccess = {}): Promise<Actor> {
    const remembered = this.rememberedUser(addressed, authorization, access);
    if (remembered) return remembered;
    const { subdomain, realm } = addressed;
    const generation = this.cache.generation;
    const { email, apiKey } = basicCredentials(authorization);
    const user = await this.authenticate(realm, email, apiKey);
    const authenticated = actorOf(user);
    this.cache.rememberUser(subdomain, authorization, authenticated, generation);
    return checkEndpointAccess({ ...authenticated }, access);
  }

  /**
   * The user an incoming webhook URL's `api_key` names, alone (Zulip's `webhook_view`, with
   * `allow_webhook_access`: any user's or bot's key), refused as Basic credentials are.
   * Remembered like them, under a key no header can spell.
   */
  async userByApiKey({ subdomain, realm }: AddressedRealm, apiKey: string): Promise<Actor> {
    const cacheKey = `\napi_key ${apiKey}`;
    const remembered = this.cache.user(subdomain, cacheKey);
    if (remembered) return { ...remembered };
    const generation = this.cache.generation;
    const authenticated = actorOf(await this.authenticate(realm, null, apiKey));
    this.cache.rememberUser(subdomain, cacheKey, authenticated, generation);
    return { ...authenticated };
  }

  /**
   * The user a session cookie's secret signs in to the addressed realm (the web app's
   * `/json` requests, and uploads and avatars loaded by the browser), or null: an unknown or
   * expired session, a deactivated account, another realm's session. The caller decides
   * what a null means (401, or an anonymous reader). Remembered like API keys.
   */
  async sessionUserFor({ subdomain, realm }: AddressedRealm, secret: string): Promise<Actor | null> {
    const remembered = this.cache.sessionUser(subdomain, secret);
    if (remembered) return { ...remembered };
    const generation = this.cache.generation;
    const found = await this.queryBus.execute<AuthenticateSessionQuery, SessionUser | null>(
      new AuthenticateSessionQuery(realm.id, secret, realm.deactivated),
    );
    if (!found) return null;
    const user: Actor = { ...actorOf(found.user), sessionId: found.sessionId };
    this.cache.rememberSessionUser(subdomain, secret, user, generation, found.expiresAt);
    return { ...user };
  }

  /** The session a request's `Cookie` header signs in, with its secret (log-out and CSRF need it), or null. */
  async sessionFromCookie(addressed: AddressedRealm, cookieHeader: string | undefined): Promise<{ user: Actor; secret: string } | null> {
    const secret = sessionSecretOf(cookieHeader);
    const user = secret === null ? null : await this.sessionUserFor(addressed, secret);
    return secret !== null && user !== null ? { user, secret } : null;
  }

  /**
   * Zulip's `authenticated_rest_api_view`: whatever refuses the key (malformed or unknown
   * key, deactivated organization or account, another realm's account) is a 401
   * UNAUTHORIZED with the Basic challenge, in the refusal's own words. The users module
   * keeps its own codes (INVALID_API_KEY, USER_DEACTIVATED...), as Zulip's
   * `access_user_by_api_key` does; only this view of them is the API's.
   */
  private async authenticate(realm: CachedRealm, email: string | null, apiKey: string): Promise<UserRow> {
    try {
      return await this.queryBus.execute<AuthenticateApiKeyQuery, UserRow>(
        new AuthenticateApiKeyQuery(realm.id, email, apiKey, realm.deactivated),
      );
    } catch (error) {
      if (error instanceof ApiError) throw ApiError.unauthorized(error.msg);
      throw error;
    }
  }
}

/** What an endpoint lets in beyond ordinary users and bots. */
export interface EndpointAccess {
  allowIncomingWebhookBots?: boolean;
}

function checkEndpointAccess(user: Actor, access: EndpointAccess): Actor {
  if (user.isBot && user.botType === BotType.IncomingWebhook && access.allowIncomingWebhookBots !== true) {
    throw ApiError.unauthorized('This API is not available to incoming webhook bots.');
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
  const decoded = decodeBase64Text(parts[1]);
  if (decoded === null) throw ApiError.unauthorized('Invalid authorization header for basic auth');
  const pieces = decoded.split(':');
  if (pieces.length !== 2) throw ApiError.unauthorized('Invalid authorization header for basic auth');
  return { email: pieces[0], apiKey: pieces[1] };
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * What Python's `base64.b64decode(...).decode()` accepts, else null (Zulip answers both
 * failures, a ValueError there, as a malformed header): padded base64 and UTF-8 text. Node's
 * own decoder would read past a bad character, a missing padding or broken UTF-8.
 */
function decodeBase64Text(encoded: string): string | null {
  if (encoded.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(encoded)) return null;
  try {
    return UTF8.decode(Buffer.from(encoded, 'base64'));
  } catch {
    return null;
  }
}
