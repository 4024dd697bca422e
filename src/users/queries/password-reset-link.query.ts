import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { isTokenShaped, userIdOfLink } from '../domain/password-reset-link';
import { PasswordResetTokenStore, ResetLinkAccount } from '../persistence/password-reset-token.store';

/** Whether a reset link (`uidb64`, token) opened on the realm's host is valid, and whose account it opens. */
export class PasswordResetLinkQuery {
  constructor(
    readonly realmId: number,
    readonly uidb64: string,
    readonly token: string,
  ) {}
}

@QueryHandler(PasswordResetLinkQuery)
export class PasswordResetLinkHandler implements IQueryHandler<PasswordResetLinkQuery, ResetLinkAccount | null> {
  constructor(private readonly tokens: PasswordResetTokenStore) {}

  async execute({ realmId, uidb64, token }: PasswordResetLinkQuery): Promise<ResetLinkAccount | null> {
    const userId = userIdOfLink(uidb64);
    if (userId === null || !isTokenShaped(token)) return null;
    return this.tokens.findValid(realmId, userId, token);
  }
}
