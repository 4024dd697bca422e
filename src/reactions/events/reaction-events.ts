/** A reaction was added to or removed from a message; `audienceUserIds` hear of it. */
export class ReactionChangedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
    readonly op: 'add' | 'remove',
    readonly messageId: number,
    /** The reacting user, with the API email the legacy `user` object carries. */
    readonly user: { id: number; email: string; fullName: string },
    readonly reaction: { emojiName: string; emojiCode: string; reactionType: string },
  ) {}
}
