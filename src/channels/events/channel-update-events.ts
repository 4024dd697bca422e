import { ChannelView } from '../queries/channel-views';

/** One `stream` op `update` event body: a property, its new value, Zulip's companion fields. */
export interface ChannelPropertyUpdate {
  streamId: number;
  /** The channel's name when the event is sent (the old name for a rename). */
  name: string;
  property: string;
  value: unknown;
  extra?: Record<string, unknown>;
}

/** Properties of a channel changed: each is told to the users who may see the channel. */
export class ChannelUpdatedEvent {
  constructor(
    readonly realmId: number,
    readonly updates: readonly ChannelPropertyUpdate[],
    readonly audienceUserIds: readonly number[],
  ) {}
}

/**
 * A privacy change moved who may see a channel: newcomers learn of the channel and its
 * subscribers; those who lost sight of it see it deleted.
 */
export class ChannelAudienceChangedEvent {
  constructor(
    readonly realmId: number,
    readonly channel: ChannelView,
    readonly subscriberIds: readonly number[],
    readonly gainedUserIds: readonly number[],
    readonly lostUserIds: readonly number[],
  ) {}
}

/**
 * A channel was archived: clients that understand archived channels see `is_archived`
 * change; the others see the channel deleted.
 */
export class ChannelArchivedEvent {
  constructor(
    readonly realmId: number,
    readonly streamId: number,
    readonly name: string,
    readonly audienceUserIds: readonly number[],
  ) {}
}

/** The realm's default channels changed: everyone gets the full new list. */
export class DefaultChannelsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly defaultStreamIds: readonly number[],
    readonly userIds: readonly number[],
  ) {}
}

/** Messages of one channel topic were deleted (a batch of `delete_topic`). */
export class TopicMessagesDeletedEvent {
  constructor(
    readonly realmId: number,
    readonly streamId: number,
    readonly topic: string,
    readonly messageIds: readonly number[],
    readonly subscriberIds: readonly number[],
  ) {}
}

