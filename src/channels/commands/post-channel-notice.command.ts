/**
 * The notification bot posts `content` in a channel's "channel events" topic: recorded as
 * a follow-up of the change it describes, so it runs after that commit and before the
 * request answers (its handler lives with message sending). `markReadFor` get it already
 * read: the user who acted, where Zulip does so.
 */
export class PostChannelNoticeCommand {
  constructor(
    readonly realmId: number,
    readonly streamId: number,
    readonly content: string,
    readonly markReadFor: readonly number[] = [],
  ) {}
}
