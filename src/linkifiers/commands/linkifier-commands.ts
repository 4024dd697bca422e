import { Injectable } from '@nestjs/common';
import { linkifierErrors, PATTERN_TAKEN, validationFailure } from '../domain/linkifier-rules';
import { LinkifiersChangedEvent } from '../events/linkifier-events';
import { LinkifierStore } from '../persistence/linkifier.store';
import { Database } from '../../platform/database/database';
import { RealmDirectory } from '../../realm/queries/realm-directory';
import { UserDirectory } from '../../users/queries/user-directory';

/** Zulip's `full_clean()` of a linkifier, the realm's unique patterns included. */
export async function checkLinkifier(
  store: LinkifierStore,
  realmId: number,
  pattern: string,
  urlTemplate: string,
  exceptId: number | null,
): Promise<void> {
  const errors = linkifierErrors(pattern, urlTemplate);
  // Django checks uniqueness only for a pattern that passed its own field checks.
  if (!errors.pattern && (await store.patternTaken(realmId, pattern, exceptId))) (errors.__all__ ??= []).push(PATTERN_TAKEN);
  if (Object.keys(errors).length > 0) throw validationFailure(errors);
}

/** What every linkifier change does around its own write, inside its transaction. */
@Injectable()
export class LinkifierChanges {
  constructor(
    private readonly store: LinkifierStore,
    private readonly realms: RealmDirectory,
    private readonly users: UserDirectory,
    private readonly database: Database,
  ) {}

  /** Serializes the realm's linkifier changes (ordering and uniqueness read the whole set). */
  lockRealm(realmId: number): Promise<void> {
    return this.realms.lock(realmId);
  }

  /** Records `realm_linkifiers` with the list as the transaction leaves it, for the realm's active users. */
  async recordChanged(realmId: number): Promise<void> {
    const linkifiers = await this.store.list(realmId);
    this.database.record(new LinkifiersChangedEvent(realmId, await this.users.allActiveUserIds(realmId), linkifiers));
  }
}
