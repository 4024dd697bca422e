/** The avatar fields of a `realm_user` update (Zulip's do_change_avatar_fields). */
export interface AvatarFields {
  user_id: number;
  avatar_source: string;
  avatar_url: string;
  avatar_url_medium: string;
  avatar_version: number;
}

/** A user's avatar changed; every active user of the realm hears of it. */
export class AvatarChangedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
    readonly person: AvatarFields,
  ) {}
}
