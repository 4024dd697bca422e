import { Injectable } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PasswordSettings } from '../../platform/config/settings';
import { Database } from '../../platform/database/database';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { SessionsEndedEvent } from '../events/user-events';
import { SessionStore } from '../persistence/session.store';
import { newSessionSecret, sessionSecretHash } from '../public/session-cookie';
import { PasswordSignIn } from './password-sign-in';

/** A session just started: the cookie's secret (shown to this browser only) and its lifetime. */
export interface StartedSession {
  userId: number;
  secret: string;
  maxAgeSeconds: number;
}

/**
 * Starting and ending sessions, for the commands below and for other commands inside their
 * own transaction (a password change ends the user's other sessions, a deactivation all).
 */
@Injectable()
export class Sessions {
  constructor(
    private readonly store: SessionStore,
    private readonly settings: PasswordSettings,
    private readonly database: Database,
  ) {}

  async start(userId: number): Promise<StartedSession> {
    const secret = newSessionSecret();
    const maxAgeSeconds = this.settings.sessionLifetimeSeconds;
    await this.store.insert(userId, sessionSecretHash(secret), maxAgeSeconds);
    return { userId, secret, maxAgeSeconds };
  }

  /** In the caller's transaction: every session of the user but `keep` ends (null: all). */
  async endOthers(userId: number, keep: number | null): Promise<void> {
    await this.store.removeForUser(userId, keep);
    this.database.record(new SessionsEndedEvent(userId));
  }

  /**
   * In the caller's transaction: every session in the realm ends (a deactivated
   * organization, as Zulip's `delete_realm_user_sessions`). The caller's own event says
   * why, and empties the authentication caches.
   */
  async endAllInRealm(realmId: number): Promise<void> {
    await this.store.removeForRealm(realmId);
  }
}

/** Signs a person in to a new session (after sign-up, an invitation, a password reset). */
export class StartSessionCommand {
  constructor(readonly userId: number) {}
}

@CommandHandler(StartSessionCommand)
export class StartSessionHandler implements ICommandHandler<StartSessionCommand, StartedSession> {
  constructor(private readonly sessions: Sessions) {}

  execute({ userId }: StartSessionCommand): Promise<StartedSession> {
    return this.sessions.start(userId);
  }
}

/** The log-in form: an email and password for a new session, counted as `fetch_api_key` counts them. */
export class SignInWithPasswordCommand {
  constructor(
    readonly realmId: number,
    readonly username: string,
    readonly password: string,
  ) {}
}

@CommandHandler(SignInWithPasswordCommand)
export class SignInWithPasswordHandler implements ICommandHandler<SignInWithPasswordCommand, StartedSession> {
  constructor(
    private readonly signIn: PasswordSignIn,
    private readonly sessions: Sessions,
  ) {}

  async execute({ realmId, username, password }: SignInWithPasswordCommand): Promise<StartedSession> {
    const user = await this.signIn.authenticate(realmId, username, password);
    return this.sessions.start(user.id);
  }
}

/** Log-out: the session holding `secret` ends (nothing happens when it already had). */
export class EndSessionCommand {
  constructor(readonly secret: string) {}
}

@CommandHandler(EndSessionCommand)
export class EndSessionHandler implements ICommandHandler<EndSessionCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly store: SessionStore,
    private readonly database: Database,
  ) {}

  async execute({ secret }: EndSessionCommand): Promise<void> {
    await this.tx.run(async () => {
      const userId = await this.store.remove(sessionSecretHash(secret));
      if (userId !== null) this.database.record(new SessionsEndedEvent(userId));
    });
  }
}
