import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { SessionStore } from '../persistence/session.store';
import { sessionSecretHash } from '../public/session-cookie';
import { UserRow } from '../public/user-row';

/** The session cookie of a request addressed to a realm. */
export class AuthenticateSessionQuery {
  constructor(
    readonly realmId: number,
    readonly secret: string,
    /** The addressed realm's own state, already read by the caller. */
    readonly realmDeactivated: boolean,
  ) {}
}

export interface SessionUser {
  sessionId: number;
  expiresAt: Date;
  user: UserRow;
}

/**
 * The user a live session signs in, or null: an unknown or expired secret, a deactivated
 * account or organization, another realm's session (a cookie sent to the wrong subdomain).
 * The account's state is checked on every lookup, besides the deactivation ending its
 * sessions, so no session outlives it whatever wrote the deactivation.
 */
@QueryHandler(AuthenticateSessionQuery)
export class AuthenticateSessionHandler implements IQueryHandler<AuthenticateSessionQuery, SessionUser | null> {
  constructor(private readonly store: SessionStore) {}

  async execute({ realmId, secret, realmDeactivated }: AuthenticateSessionQuery): Promise<SessionUser | null> {
    if (realmDeactivated) return null;
    const found = await this.store.findLive(sessionSecretHash(secret));
    if (!found || found.user.realmId !== realmId || !found.user.isActive || found.user.isBot) return null;
    return found;
  }
}
