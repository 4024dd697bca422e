import { RealmEmojiRow } from '../persistence/realm-emoji.repository';

/** The realm's custom emoji changed; `realm_emoji` update carries the whole new set. */
export class RealmEmojiChangedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
    readonly realmEmoji: readonly RealmEmojiRow[],
  ) {}
}
