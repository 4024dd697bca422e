/**
 * The notification bot is to post `content` in one topic of a channel, as a follow-up of
 * an edit (move breadcrumbs, resolve-topic notices). Read for `markReadFor`; when
 * `unreadOnlyFor` is set, read for every recipient but those (Zulip's
 * `limit_unread_user_ids`).
 */
export class TopicNoticeEvent {
  constructor(
    readonly realmId: number,
    readonly streamId: number,
    readonly topic: string,
    readonly content: string,
    readonly markReadFor: readonly number[],
    readonly unreadOnlyFor: readonly number[] | null = null,
    /**
     * A resolve-topic notice: when the topic's last message is such a notice from within
     * the grace period, that notice is deleted instead (an undo), and nothing is posted.
     */
    readonly resolution = false,
  ) {}
}
