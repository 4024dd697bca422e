/** A user's alert words changed: they get the whole list. */
export class AlertWordsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly alertWords: readonly string[],
  ) {}
}
