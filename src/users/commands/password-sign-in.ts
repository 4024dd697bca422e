import { Injectable } from '@nestjs/common';
import { PasswordSettings } from '../../platform/config/settings';
import { rateLimitedError } from '../../rate-limits/public/rate-limit';
import { SignInAttempts } from '../../rate-limits/commands/sign-in-attempts';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { ApiError } from '../../shared/api-error';
import { UserRepository } from '../persistence/user.repository';
import { verifyPassword } from '../public/credentials';
import { UserRow } from '../public/user-row';
import { isValidEmail } from '../public/user-rules';

/**
 * Zulip's password authentication (`authenticate` with the email backend), shared by
 * `POST /fetch_api_key` and the log-in form so both count attempts alike: the attempt is
 * counted on the account before the password is checked (a guesser learns nothing once
 * limited), a right password clears the count. Refusals are Zulip's errors: a bad address,
 * RATE_LIMIT_HIT, AUTHENTICATION_FAILED, USER_DEACTIVATED, REALM_DEACTIVATED.
 */
@Injectable()
export class PasswordSignIn {
  constructor(
    private readonly users: UserRepository,
    private readonly realms: RealmDirectory,
    private readonly passwords: PasswordSettings,
    private readonly attempts: SignInAttempts,
  ) {}

  async authenticate(realmId: number, username: string, password: string): Promise<UserRow> {
    const email = username.trim();
    if (!isValidEmail(email)) throw ApiError.badRequest('Enter a valid email address.');
    const limited = await this.attempts.count(realmId, email);
    if (limited) throw rateLimitedError(limited);
    const user = await this.users.findByDeliveryEmail(realmId, email);
    // Verified even for unknown users, so timing does not tell which emails exist.
    const passwordMatches = await verifyPassword(user?.passwordHash ?? null, password, this.passwords.hashCost);
    if (!user || !passwordMatches || user.isBot) {
      throw new ApiError('Your username or password is incorrect', 'AUTHENTICATION_FAILED', 401);
    }
    if (!user.isActive) throw new ApiError('Account is deactivated', 'USER_DEACTIVATED', 401);
    const realm = await this.realms.requireById(user.realmId);
    if (realm.deactivated) throw new ApiError('This organization has been deactivated', 'REALM_DEACTIVATED', 401);
    await this.attempts.succeeded(realmId, email);
    return user;
  }
}
