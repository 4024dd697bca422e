/** The realm's defaults for new users changed; every active user hears of each change. */
export class UserSettingsDefaultsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly changes: readonly { name: string; value: boolean | number | string }[],
    readonly audienceUserIds: readonly number[],
  ) {}
}
