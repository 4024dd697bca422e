import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';
import { RealmEmojiChangedEvent } from './realm-emoji-events';

/** `realm_emoji` update, to every active user of the realm. */
@EventsHandler(RealmEmojiChangedEvent)
export class RealmEmojiChangedProjector implements IEventHandler<RealmEmojiChangedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: RealmEmojiChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'realm_emoji',
      render: () => ({ type: 'realm_emoji', op: 'update', realm_emoji: event.realmEmoji }),
    });
  }
}
