import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { AlertWordsChangedEvent } from './alert-words.events';

/** The client events of the alert words' domain events. */
@Injectable()
export class AlertWordEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /** `alert_words`, with the full list, to the user's own queues. */
  @OnCommitted(AlertWordsChangedEvent)
  alertWordsChanged(event: AlertWordsChangedEvent): void {
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: [event.userId],
      eventType: 'alert_words',
      render: () => ({ type: 'alert_words', alert_words: [...event.alertWords] }),
    });
  }
}
