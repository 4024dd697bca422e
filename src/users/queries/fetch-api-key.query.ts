import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AppConfig } from '../../platform/config/app-config';
import { rateLimitedError } from '../../rate-limits/domain/rate-limit';
import { RateLimitStore } from '../../rate-limits/persistence/rate-limit-store';
import { ApiError } from '../../shared/api-error';
import { RealmRepository } from '../../realm/persistence/realm.repository';
import { isValidEmail } from '../domain/user-rules';
import { verifyPassword } from '../domain/credentials';
import { UserRepository } from '../persistence/user.repository';

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
    private readonly realms: RealmRepository,
    private readonly config: AppConfig,
    private readonly rateLimits: RateLimitStore,
  ) {}

  async execute(query: FetchApiKeyQuery): Promise<FetchedApiKey> {
    const username = query.username.trim();
    if (!isValidEmail(username)) throw ApiError.badRequest('Enter a valid email address.');
    const attemptsKey = `auth:${query.realmId}:${username.toLowerCase()}`;
    await this.countAttempt(attemptsKey);
    const user = await this.users.findByDeliveryEmail(query.realmId, username);
    // Verified even for unknown users, so timing does not tell which emails exist.
    const passwordMatches = await verifyPassword(user?.passwordHash ?? null, query.password, this.config.passwordHashCost);
    if (!user || !passwordMatches || user.isBot) {
      throw new ApiError('Your username or password is incorrect', 'AUTHENTICATION_FAILED', 401);
    }
    if (!user.isActive) throw new ApiError('Account is deactivated', 'USER_DEACTIVATED', 401);
    const realm = await this.realms.requireById(user.realmId);
    if (realm.deactivated) throw new ApiError('This organization has been deactivated', 'REALM_DEACTIVATED', 401);
    if (this.config.rateLimits.enabled) await this.rateLimits.clear(attemptsKey);
    return { api_key: user.apiKey, email: user.deliveryEmail, user_id: user.id };
  }

  /**
   * Zulip's `authenticate_by_username` rule: every attempt counts, a successful sign-in
   * clears the count, so only failures add up; checked before the password, so a guesser
   * learns nothing once limited.
   */
  private async countAttempt(key: string): Promise<void> {
    const limits = this.config.rateLimits;
    if (!limits.enabled) return;
    const outcome = await this.rateLimits.hit(key, { windowSeconds: limits.authWindowSeconds, max: limits.authAttempts });
    if (outcome.limited) throw rateLimitedError(outcome);
  }
}
