import { DefaultChannelGroupWire } from '../queries/get-default-channel-groups.query';

/** The realm's default channel groups changed; `groups` is the whole new list, sorted. */
export class DefaultChannelGroupsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly audienceUserIds: readonly number[],
    readonly groups: readonly DefaultChannelGroupWire[],
  ) {}
}
