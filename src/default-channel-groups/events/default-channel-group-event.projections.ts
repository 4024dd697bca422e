import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { DefaultChannelGroupsChangedEvent } from './default-channel-group-events';

/** The client events of the default channel groups module's domain events. */
@Injectable()
export class DefaultChannelGroupEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /** Zulip's `notify_default_stream_groups`: the whole sorted list, to every active user but guests. */
  @OnCommitted(DefaultChannelGroupsChangedEvent)
  defaultChannelGroupsChanged(event: DefaultChannelGroupsChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'default_stream_groups',
      render: () => ({ type: 'default_stream_groups', default_stream_groups: event.groups.map((group) => ({ ...group, streams: [...group.streams] })) }),
    });
  }
}
