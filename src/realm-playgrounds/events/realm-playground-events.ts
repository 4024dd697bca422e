import { RealmPlaygroundRow } from '../persistence/realm-playground.store';

/** The realm's code playgrounds changed; `playgrounds` is the whole new list. */
export class RealmPlaygroundsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
    readonly playgrounds: readonly RealmPlaygroundRow[],
  ) {}
}
