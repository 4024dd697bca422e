import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { hasApiKeyFormat, secretsEqual } from '../public/credentials';
import { UserRow } from '../public/user-row';
import { UserRepository } from '../persistence/user.repository';

/**
 * Credentials of a request addressed to a realm: Basic auth's email and API key, or an
 * incoming webhook URL's `api_key` alone (email null: the key names its user, as Zulip's
 * `webhook_view` reads it).
 */
export class AuthenticateApiKeyQuery {
  constructor(
    readonly realmId: number,
    readonly email: string | null,
    readonly apiKey: string,
    /** The addressed realm's own state, already read by the caller (saves re-reading it). */
    readonly realmDeactivated?: boolean,
  ) {}
}

const PLACEHOLDER_EMAIL = /^user(\d+)@(.+)$/i;

/**
 * Finds the user whose email (real, or the placeholder API address) and API key match,
 * comparing keys in constant time, then checks realm, account state and subdomain in
 * Zulip's order.
 */
@QueryHandler(AuthenticateApiKeyQuery)
export class AuthenticateApiKeyHandler implements IQueryHandler<AuthenticateApiKeyQuery, UserRow> {
  constructor(
    private readonly users: UserRepository,
    private readonly realms: RealmDirectory,
    private readonly addressing: RealmAddressing,
  ) {}

  async execute(query: AuthenticateApiKeyQuery): Promise<UserRow> {
    const apiKey = query.apiKey.trim();
    if (!hasApiKeyFormat(apiKey)) throw new ApiError('Malformed API key', 'INVALID_API_KEY', 401);
    const candidates = query.email === null ? await this.users.findByApiKey(apiKey) : await this.candidates(query.email.trim());
    const user = candidates.find((candidate) => secretsEqual(candidate.apiKey, apiKey));
    if (!user) throw new ApiError('Invalid API key', 'INVALID_API_KEY', 401);
    // The user's realm is almost always the addressed one, which the caller has read.
    const deactivated = user.realmId === query.realmId && query.realmDeactivated !== undefined
      ? query.realmDeactivated
      : (await this.realms.requireById(user.realmId)).deactivated;
    if (deactivated) throw new ApiError('This organization has been deactivated', 'REALM_DEACTIVATED', 401);
    if (!user.isActive) throw new ApiError('Account is deactivated', 'USER_DEACTIVATED', 401);
    if (user.realmId !== query.realmId) throw ApiError.badRequest('Account is not associated with this subdomain');
    return user;
  }

  private async candidates(email: string): Promise<UserRow[]> {
    const byEmail = await this.users.findAllByDeliveryEmail(email);
    const placeholder = PLACEHOLDER_EMAIL.exec(email);
    if (!placeholder) return byEmail;
    const user = await this.users.findById(Number(placeholder[1]));
    if (!user) return byEmail;
    const realm = await this.realms.findById(user.realmId);
    const matches = realm && this.addressing.hostName(realm.stringId) === placeholder[2].toLowerCase();
    return matches ? [...byEmail, user] : byEmail;
  }
}
