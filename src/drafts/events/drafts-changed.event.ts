import { DraftRow } from '../persistence/draft.store';

/** What changed among a user's drafts: the projection shapes it into a `drafts` event. */
export type DraftsChange =
  | { op: 'add'; drafts: readonly DraftRow[] }
  | { op: 'update'; draft: DraftRow }
  | { op: 'remove'; draft_id: number };

/** A `drafts` event (add, update or remove) for the drafts' owner. */
export class DraftsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly payload: DraftsChange,
  ) {}
}
