/** A `drafts` event (add, update or remove) for the drafts' owner. */
export class DraftsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly payload: { op: 'add' | 'update' | 'remove'; [field: string]: unknown },
  ) {}
}
