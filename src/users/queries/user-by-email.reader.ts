import { Injectable } from '@nestjs/common';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { apiEmail } from '../public/user-identity';
import { EmailLookupRule, placeholderUserId, visibilitiesShowingEmail } from '../domain/email-lookup';
import { UserRow } from '../public/user-row';
import { UserRepository } from '../persistence/user.repository';
import { RealmDirectory } from '../../realm/queries/realm-directory';

/**
 * Users named by an email address given to the API, and the address the API names them
 * by. The one way other modules turn an address into a user: an address whose owner hides
 * it answers as an unknown one does, so no endpoint confirms a guessed address. (Sign-in
 * and uniqueness checks, which rightly use real addresses, read `UserRepository`.)
 */
@Injectable()
export class UserByEmailReader {
  constructor(
    private readonly users: UserRepository,
    private readonly addressing: RealmAddressing,
    private readonly realms: RealmDirectory,
  ) {}

  /**
   * Zulip's `get_user`: the user of the realm whose API email this is, case-insensitively
   * (the real address where everyone may see it, else the `user<id>@<host>` placeholder),
   * whatever the requester's role. Deactivated users are found: callers decide.
   */
  findByApiEmail(realmId: number, email: string): Promise<UserRow | null> {
    return this.find(realmId, email, { kind: 'api-email' });
  }

  /**
   * Zulip's `access_user_by_email` lookup: the placeholder names any user of the realm; a
   * real address only one whose visibility setting shows it to a requester of `role`.
   */
  findVisibleByEmail(realmId: number, email: string, role: number): Promise<UserRow | null> {
    return this.find(realmId, email, { kind: 'visible-to', role });
  }

  /** The address other users know `user` by: what errors about that user may name. */
  async apiEmailOf(user: Pick<UserRow, 'id' | 'realmId' | 'isBot' | 'deliveryEmail' | 'emailAddressVisibility'>): Promise<string> {
    return apiEmail(user, await this.hostName(user.realmId));
  }

  private async find(realmId: number, raw: string, rule: EmailLookupRule): Promise<UserRow | null> {
    const email = raw.trim();
    // Only an address shaped like a placeholder costs the realm's host name.
    if (/^user\d+@/i.test(email)) {
      const hostName = await this.hostName(realmId);
      const userId = placeholderUserId(email, hostName);
      if (userId !== null) {
        const user = await this.users.findInRealm(realmId, userId);
        if (!user || rule.kind === 'visible-to') return user;
        // Zulip matches the stored API email: a user who shows the real address has no placeholder.
        return apiEmail(user, hostName).toLowerCase() === email.toLowerCase() ? user : null;
      }
    }
    return this.users.findByShownDeliveryEmail(realmId, email, visibilitiesShowingEmail(rule));
  }

  private async hostName(realmId: number): Promise<string> {
    const realm = await this.realms.requireById(realmId);
    return this.addressing.hostName(realm.stringId);
  }
}
