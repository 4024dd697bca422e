/** A direct message was deleted: told to every user who had it. */
export class DirectMessageDeletedEvent {
  constructor(
    readonly realmId: number,
    readonly messageId: number,
    readonly userIds: readonly number[],
  ) {}
}
