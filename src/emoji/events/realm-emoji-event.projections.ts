import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { RealmEmojiChangedEvent } from './realm-emoji-events';
import { presentRealmEmojiMap } from '../api/realm-emoji.presenter';

/** The client events of the emoji module's domain events. */
@Injectable()
export class RealmEmojiEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /** `realm_emoji` update, to every active user of the realm. */
  @OnCommitted(RealmEmojiChangedEvent)
  realmEmojiChanged(event: RealmEmojiChangedEvent): void {
    const realmEmoji = presentRealmEmojiMap(event.realmEmoji);
    this.dispatcher.dispatch({
      realmId: event.realmId,
      userIds: event.audienceUserIds,
      eventType: 'realm_emoji',
      render: () => ({ type: 'realm_emoji', op: 'update', realm_emoji: realmEmoji }),
    });
  }
}
