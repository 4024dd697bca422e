import { MuteRow } from '../persistence/muted-user.repository';

/** The user's list of muted users changed; they get the whole list. */
export class MutedUsersChangedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly mutedUsers: readonly MuteRow[],
  ) {}
}

/** Muting marked the muted user's messages read for the muter. */
export class MutedMessagesReadEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly messageIds: readonly number[],
  ) {}
}
