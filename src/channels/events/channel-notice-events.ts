/**
 * The notification bot is to post `content` in a channel's "channel events" topic: recorded
 * with the change it describes, so it goes out after that commit, before the request
 * answers (a follow-up; the messages module posts it). `markReadFor` get it already read:
 * the user who acted, where Zulip does so.
 */
export class ChannelNoticeEvent {
  constructor(
    readonly realmId: number,
    readonly streamId: number,
    readonly content: string,
    readonly markReadFor: readonly number[] = [],
  ) {}
}

/**
 * What the notification bot is to say after a subscribe (Zulip's
 * `send_messages_for_new_subscribers`): the new-channel announcement when `announce` was
 * asked for, and a direct message to each user someone else subscribed. A follow-up of the
 * subscribe: it goes out after the commit, before the request answers.
 */
export class SubscriptionNoticesEvent {
  constructor(
    readonly realmId: number,
    readonly actor: { id: number; fullName: string },
    /** Channels created by the request, to announce (empty when not asked to announce). */
    readonly announcedChannels: readonly { id: number; name: string }[],
    /** Users subscribed by someone else to channels that already existed. */
    readonly subscribedByOthers: readonly { userId: number; channelNames: readonly string[] }[],
  ) {}
}
