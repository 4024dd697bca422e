import { Injectable } from '@nestjs/common';
import { checkKeyShape, ConfirmationKeyError, keyProblem } from '../domain/invite-rules';
import { InvitationStore } from '../persistence/invitation.store';

/** What an invitation's key opens, for the sign-up pages. */
export interface InvitationByKey {
  invitationId: number;
  isMultiuse: boolean;
  realmId: number;
  /** The invited address; null for a reusable link (the person gives theirs). */
  email: string | null;
  inviteAs: number;
  streamIds: number[];
  groupIds: number[];
  referrerId: number | null;
  notifyReferrerOnJoin: boolean;
  includeRealmDefaultSubscriptions: boolean;
  expiryDate: Date | null;
}

/**
 * The invitations module's read facade for the `/join/<key>/` pages: Zulip's
 * `get_object_from_key` for invitation and reusable-link keys. A key that opens nothing
 * throws ConfirmationKeyError (malformed, not found, expired, revoked, used).
 */
@Injectable()
export class InvitationKeys {
  constructor(private readonly store: InvitationStore) {}

  /** Inside a transaction, `lock` holds the invitation until it commits (acceptance uses it once). */
  async lookup(key: string, lock = false): Promise<InvitationByKey> {
    checkKeyShape(key);
    const invitation = await this.store.findByKey(key, lock);
    if (!invitation) throw new ConfirmationKeyError('not_found');
    const problem = keyProblem(invitation, new Date());
    if (problem !== null) throw new ConfirmationKeyError(problem);
    return {
      invitationId: invitation.id,
      isMultiuse: invitation.isMultiuse,
      realmId: invitation.realmId,
      email: invitation.email,
      inviteAs: invitation.invitedAs,
      streamIds: invitation.streamIds,
      groupIds: invitation.groupIds,
      referrerId: invitation.referredById,
      notifyReferrerOnJoin: invitation.notifyReferrerOnJoin,
      includeRealmDefaultSubscriptions: invitation.includeRealmDefaultSubscriptions,
      expiryDate: invitation.expiryDate,
    };
  }
}
