import { linkifierErrors, PATTERN_TAKEN, validationFailure } from '../domain/linkifier-rules';
import { LinkifiersChangedEvent } from '../events/linkifier-events';
import { LinkifierStore } from '../persistence/linkifier.store';
import { Database } from '../../platform/database/database';

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

/** Records `realm_linkifiers` with the list as the transaction leaves it. */
export async function recordLinkifiersChanged(database: Database, store: LinkifierStore, realmId: number): Promise<void> {
  const linkifiers = await store.list(realmId);
  database.record(new LinkifiersChangedEvent(realmId, await store.activeUserIds(realmId), linkifiers));
}
