import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { PasswordSettings } from '../../platform/config/settings';
import { rateLimitedError } from '../../rate-limits/public/rate-limit';
import { ApiError } from '../../shared/api-error';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { isValidEmail } from '../public/user-rules';
import { verifyPassword } from '../public/credentials';
import { UserRepository } from '../persistence/user.repository';
import { SignInAttempts } from '../../rate-limits/commands/sign-in-attempts';

/** `POST /fetch_api_key`: trade an email and password for the API key. */
export class FetchApiKeyQuery {
  constructor(
    readonly realmId: number,
    readonly username: string,
    readonly password: string,
  ) {}
}

export interface FetchedApiKey {
  api_key: string;
  email: string;
  user_id: number;
}

@QueryHandler(FetchApiKeyQuery)
export class FetchApiKeyHandler implements IQueryHandler<FetchApiKeyQuery, FetchedApiKey> {
  constructor(
    private readonly users: UserRepository,
    private readonly realms: RealmDirectory,
    private readonly passwords: PasswordSettings,
    private readonly attempts: SignInAttempts,
  ) {}

  async execute(query: FetchApiKeyQuery): Promise<FetchedApiKey> {
    const username = query.username.trim();
    if (!isValidEmail(username)) throw ApiError.badRequest('Enter a valid email address.');
    // Checked before the password, so a guesser learns nothing once limited.
    const limited = await this.attempts.count(query.realmId, username);
    if (limited) throw rateLimitedError(limited);
    const user = await this.users.findByDeliveryEmail(query.realmId, username);
    // Verified even for unknown users, so timing does not tell which emails exist.
    const passwordMatches = await verifyPassword(user?.passwordHash ?? null, query.password, this.passwords.hashCost);
    if (!user || !passwordMatches || user.isBot) {
      throw new ApiError('Your username or password is incorrect', 'AUTHENTICATION_FAILED', 401);
    }
    if (!user.isActive) throw new ApiError('Account is deactivated', 'USER_DEACTIVATED', 401);
    const realm = await this.realms.requireById(user.realmId);
    if (realm.deactivated) throw new ApiError('This organization has been deactivated', 'REALM_DEACTIVATED', 401);
    await this.attempts.succeeded(query.realmId, username);
    return { api_key: user.apiKey, email: user.deliveryEmail, user_id: user.id };
  }
}
