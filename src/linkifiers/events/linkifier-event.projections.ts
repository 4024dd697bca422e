import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { LinkifiersChangedEvent } from './linkifier-events';
import { presentLinkifier } from '../api/linkifier.presenter';

/** The client events of the linkifiers module's domain events. */
@Injectable()
export class LinkifierEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /**
   * `realm_linkifiers` with the full list, to every active user's queues that declared
   * `linkifier_url_template`. Since feature level 176 Zulip sends older clients nothing
   * (no legacy `realm_filters` event either): they could not expand URL templates.
   */
  @OnCommitted(LinkifiersChangedEvent)
  linkifiersChanged(event: LinkifiersChangedEvent): void {
    const linkifiers = event.linkifiers.map(presentLinkifier);
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'realm_linkifiers',
      render: (queue) =>
        queue.capabilities.linkifier_url_template
          ? { type: 'realm_linkifiers', realm_linkifiers: linkifiers.map((linkifier) => ({ ...linkifier })) }
          : null,
    });
  }
}
