import { LinkifierRow } from '../persistence/linkifier.store';

/** The realm's linkifiers changed; `linkifiers` is the whole new ordered list. */
export class LinkifiersChangedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
    readonly linkifiers: readonly LinkifierRow[],
  ) {}
}
