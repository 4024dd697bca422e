import { Injectable } from '@nestjs/common';
import { ApiError } from '../../shared/api-error';
import { isSignupKeyShape, SignupKeyProblem, signupKeyProblemText } from '../domain/signup-rules';
import { SignupConfirmationStore, SignupGrant } from '../persistence/signup-confirmation.store';

/** A self-sign-up link that still opens its registration page, and what its account gets. */
export interface OpenSignupLink extends SignupGrant {
  id: number;
  email: string;
}

/** A key that opens no sign-up: Zulip's ConfirmationKeyError, with its words. */
export class SignupLinkError extends ApiError {
  constructor(readonly problem: SignupKeyProblem) {
    super(signupKeyProblemText(problem), 'BAD_REQUEST', 400, { reason: problem });
    this.name = 'SignupLinkError';
  }
}

/**
 * Zulip's `get_object_from_key` for USER_REGISTRATION keys: a link of another realm's
 * host is one that does not exist there; expired and used links stop working alike. A
 * link mailed from a reusable invitation lives by its own expiry, not the invitation's
 * (Zulip's `do_revoke_multi_use_invite` leaves its PreregistrationUsers alone).
 */
@Injectable()
export class SignupLinks {
  constructor(private readonly store: SignupConfirmationStore) {}

  async require(realmId: number, key: string, lock = false): Promise<OpenSignupLink> {
    if (!isSignupKeyShape(key)) throw new SignupLinkError('malformed');
    const row = await this.store.findByKey(key, lock);
    if (!row || row.realmId !== realmId) throw new SignupLinkError('not_found');
    if (row.usedAt !== null || row.expiresAt.getTime() <= Date.now()) throw new SignupLinkError('expired');
    return {
      id: row.id,
      email: row.email,
      multiuseInvitationId: row.multiuseInvitationId,
      invitedAs: row.invitedAs,
      streamIds: row.streamIds,
      groupIds: row.groupIds,
      includeRealmDefaultSubscriptions: row.includeRealmDefaultSubscriptions,
    };
  }
}
