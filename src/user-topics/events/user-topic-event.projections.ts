import { Injectable } from '@nestjs/common';
import { OnCommitted } from '../../platform/events/outbox/on-committed';
import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { QueueDescriptor } from '../../platform/events/queues/queue-descriptor';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../shared/message-content';
import { UserTopicChangedEvent } from './user-topic-events';

const shownTopic = (topic: string, queue: QueueDescriptor) =>
  topic === '' && !queue.capabilities.empty_topic_name ? EMPTY_TOPIC_DISPLAY_NAME : topic;

/** The client events of the user-topics module's domain events. */
@Injectable()
export class UserTopicEventProjections {
  constructor(private readonly dispatcher: EventDispatcher) {}

  /**
   * The deprecated `muted_topics` (the whole list, for clients that never asked for
   * `user_topic`), then `user_topic`, as Zulip sends them.
   */
  @OnCommitted(UserTopicChangedEvent)
  userTopicChanged(event: UserTopicChangedEvent): void {
    this.dispatcher.dispatch(
      {
        realmId: event.realmId,
        userIds: [event.userId],
        eventType: 'muted_topics',
        render: (queue) =>
          queue.eventTypes?.includes('user_topic')
            ? null
            : {
                type: 'muted_topics',
                muted_topics: event.mutedTopics.map(([stream, topic, since]) => [stream, shownTopic(topic, queue), since]),
              },
      },
      {
        realmId: event.realmId,
        userIds: [event.userId],
        eventType: 'user_topic',
        render: (queue) => ({
          type: 'user_topic',
          stream_id: event.streamId,
          topic_name: shownTopic(event.topicName, queue),
          last_updated: event.lastUpdated,
          visibility_policy: event.visibilityPolicy,
        }),
      },
    );
  }
}
