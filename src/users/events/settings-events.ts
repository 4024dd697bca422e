/** One personal setting that changed (`timezone` included), with its new value. */
export interface SettingChange {
  name: string;
  value: boolean | number | string;
}

/** A user's personal settings changed: their own queues hear of each change. */
export class UserSettingsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    /** The address other users see: the `user` field of the legacy events. */
    readonly apiEmail: string,
    readonly changes: readonly SettingChange[],
  ) {}
}

/**
 * A user changed `allow_private_data_export` (Zulip 10.0, feature level 312): the realm's
 * human administrators, who decide on full exports, hear of it (`realm_export_consent`).
 */
export class ExportConsentChangedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly consented: boolean,
    readonly administratorIds: readonly number[],
  ) {}
}

/** `realm_user` update: each `person` goes to its own list of users. */
export class RealmUserUpdatedEvent {
  constructor(
    readonly realmId: number,
    readonly updates: readonly { userIds: readonly number[]; person: Record<string, unknown> }[],
  ) {}
}

/**
 * A Gravatar user's address visibility changed, so clients that compute Gravatar URLs
 * themselves (`client_gravatar`) may no longer (or now) be able to: Zulip's
 * `notify_avatar_url_change`, shaped per queue.
 */
export class AvatarUrlChangedEvent {
  constructor(
    readonly realmId: number,
    readonly user: { id: number; realmId: number; isBot: boolean; deliveryEmail: string; emailAddressVisibility: number; avatarVersion: number; avatarSource: string },
    readonly viewers: readonly { id: number; role: number }[],
  ) {}
}
