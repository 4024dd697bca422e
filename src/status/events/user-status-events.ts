/** The fields of a `user_status` event: only those the update passed. */
export interface UserStatusEventData {
  away?: boolean;
  status_text?: string;
  emoji_name?: string;
  emoji_code?: string;
  reaction_type?: string;
}

/** A user changed their status; every active user of the realm hears of it. */
export class UserStatusChangedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
    readonly userId: number,
    readonly data: UserStatusEventData,
  ) {}
}

/** A user's `presence_enabled` setting was written (through the deprecated `away`). */
export class PresenceEnabledChangedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    /** The user's API email, which the legacy event names them by. */
    readonly email: string,
    readonly enabled: boolean,
  ) {}
}
