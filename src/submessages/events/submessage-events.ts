/** A submessage was attached to a message; everyone with a row for the message hears of it. */
export class SubmessageAddedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
    readonly submessage: { id: number; messageId: number; senderId: number; msgType: string; content: string },
  ) {}
}
