/**
 * What the notification bot should say after a subscribe (Zulip's
 * `send_messages_for_new_subscribers`): the new-channel announcement when `announce` was
 * asked for, and a direct message to each user someone else subscribed. A follow-up of the
 * subscribe: it runs after the commit, before the request answers.
 */
export class PostSubscriptionNoticesCommand {
  constructor(
    readonly realmId: number,
    readonly actor: { id: number; fullName: string },
    /** Channels created by the request, to announce (empty when not asked to announce). */
    readonly announcedChannels: readonly { id: number; name: string }[],
    /** Users subscribed by someone else to channels that already existed. */
    readonly subscribedByOthers: readonly { userId: number; channelNames: readonly string[] }[],
  ) {}
}
