import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { LinkifiersChangedEvent } from './linkifier-events';

/**
 * `realm_linkifiers` with the full list, to every active user's queues that declared
 * `linkifier_url_template`. Since feature level 176 Zulip sends older clients nothing
 * (no legacy `realm_filters` event either): they could not expand URL templates.
 */
@EventsHandler(LinkifiersChangedEvent)
export class LinkifiersChangedProjector implements IEventHandler<LinkifiersChangedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: LinkifiersChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'realm_linkifiers',
      render: (queue) =>
        queue.capabilities.linkifier_url_template
          ? { type: 'realm_linkifiers', realm_linkifiers: event.linkifiers.map((linkifier) => ({ ...linkifier })) }
          : null,
    });
  }
}
