/**
 * Messages were deleted (by a user, a topic's deletion or the retention sweep), whatever
 * their conversation: what follows a deletion besides telling the clients (the push
 * notifications' removal) hears of it here.
 */
export class MessagesDeletedEvent {
  constructor(
    readonly realmId: number,
    readonly messageIds: readonly number[],
  ) {}
}
