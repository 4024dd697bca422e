/**
 * The realm was deactivated (Zulip's `do_deactivate_realm`): its users can no longer
 * authenticate; the `realm` event `deactivated` flushes the long-polls of `audienceUserIds`.
 */
export class RealmDeactivatedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
  ) {}
}

/** The realm was reactivated (Zulip's `do_reactivate_realm`, by the management CLI). */
export class RealmReactivatedEvent {
  constructor(readonly realmId: number) {}
}
