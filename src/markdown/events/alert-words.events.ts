import { EventsHandler, IEventHandler } from '@nestjs/cqrs';
import { EventDispatcher } from '../../events/queues/event-dispatcher.service';

/** A user's alert words changed: they get the whole list. */
export class AlertWordsChangedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly alertWords: readonly string[],
  ) {}
}

/** `alert_words`, with the full list, to the user's own queues. */
@EventsHandler(AlertWordsChangedEvent)
export class AlertWordsChangedProjector implements IEventHandler<AlertWordsChangedEvent> {
  constructor(private readonly dispatcher: EventDispatcher) {}

  handle(event: AlertWordsChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: [event.userId],
      eventType: 'alert_words',
      render: () => ({ type: 'alert_words', alert_words: [...event.alertWords] }),
    });
  }
}
