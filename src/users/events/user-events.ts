import type { BotProfile } from '../queries/bot-directory';
import { UserRow } from '../public/user-row';

/** A user of the realm who receives an event, with the role that decides what they see. */
export interface RealmViewer {
  id: number;
  role: number;
}

/**
 * A user or bot joined a realm; everyone in the realm learns of them. The audience is read
 * inside the creating transaction, so that the event leaves at once after the commit (a
 * CLI process may exit right after its command).
 */
export class UserCreatedEvent {
  constructor(
    readonly realmStringId: string,
    readonly user: UserRow,
    readonly viewers: readonly RealmViewer[],
    /** Viewers (guests) who may not access the user: they are told of a placeholder. */
    readonly withoutAccess: readonly number[],
  ) {}
}

/**
 * Guests gained sight of an existing user (a first shared channel): they get the user as
 * a `realm_user` add, as Zulip's `notify_created_user` sends it.
 */
export class UserCameIntoViewEvent {
  constructor(
    readonly realmStringId: string,
    readonly user: UserRow,
    readonly viewers: readonly RealmViewer[],
  ) {}
}

/** A user was deactivated: the realm's remaining active users see `is_active` false. */
export class UserDeactivatedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly viewerIds: readonly number[],
  ) {}
}

/** What changed about a user, as `realm_user` update sends it (one property per event). */
export interface UserChange {
  userId: number;
  fullName?: string;
  role?: number;
  isActive?: boolean;
  botOwnerId?: number;
}

/** A `realm_user` update for the users in `audience`. */
export class UserUpdatedEvent {
  constructor(
    readonly realmId: number,
    readonly audience: readonly number[],
    readonly change: UserChange,
  ) {}
}

/**
 * A `realm_bot` event for those who administer the bot (Zulip's `bot_owner_user_ids`):
 * `add` carries the whole bot, `update` its id and the changed fields, `delete` its id.
 */
/** A bot came into its administrators' sight (created, or given to a new owner): `realm_bot` add. */
export class BotAddedEvent {
  constructor(
    readonly realmId: number,
    readonly audience: readonly number[],
    readonly profile: BotProfile,
  ) {}
}

export class BotEvent {
  constructor(
    readonly realmId: number,
    readonly audience: readonly number[],
    readonly op: 'add' | 'update' | 'delete',
    readonly bot: { user_id: number; [field: string]: unknown },
  ) {}
}

/**
 * A user left the sight of some guests (Zulip's `realm_user` remove, FL 228): those guests
 * keep only the placeholder name Zulip gives users they cannot access.
 */
export class UserRemovedFromViewEvent {
  constructor(
    readonly realmId: number,
    readonly audience: readonly number[],
    readonly userId: number,
  ) {}
}

/**
 * A user's or bot's API key was replaced: the old one stops working at once. Internal: no
 * client event (a bot's administrators hear of a bot's new key through BotEvent).
 */
export class ApiKeyRegeneratedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
  ) {}
}

/**
 * Sessions of a user ended (log-out, a password change, a deactivation): remembered session
 * authentications are forgotten everywhere (wire/auth-cache.ts).
 */
export class SessionsEndedEvent {
  constructor(readonly userId: number) {}
}
