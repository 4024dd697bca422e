import { LegacyClientPresence } from '../domain/presence-rules';

/** A user's presence changed in a way other users should hear of at once. */
export class PresenceChangedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
    readonly userId: number,
    readonly email: string,
    readonly presence: LegacyClientPresence,
    readonly serverTimestamp: number,
  ) {}
}
