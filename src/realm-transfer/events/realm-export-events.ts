import { RealmExportWire } from '../domain/realm-exports';

/**
 * The realm's exports changed (requested, finished, failed, deleted): Zulip's
 * `notify_realm_export`, the whole list as it stood in the change's transaction, for the
 * realm's human administrators.
 */
export class RealmExportsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly administratorIds: readonly number[],
    readonly exports: readonly RealmExportWire[],
  ) {}
}

/** An export was requested: once committed, a job is to write it. */
export class RealmExportRequestedEvent {
  constructor(readonly exportId: number) {}
}
