import { EventDispatcher } from '../../platform/events/queues/event-dispatcher.service';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../shared/message-content';

/**
 * `delete_message` for messages of one conversation: one event with `message_ids` to
 * queues with the `bulk_message_deletion` capability, one per message to the others.
 */
export function dispatchMessageDeletion(
  dispatcher: EventDispatcher,
  realmId: number,
  userIds: readonly number[],
  messageIds: readonly number[],
  conversation: Record<string, unknown>,
): void {
  if (userIds.length === 0 || messageIds.length === 0) return;
  const common = { type: 'delete_message', ...conversation };
  // Without the `empty_topic_name` capability the empty topic goes by its display name.
  const shaped = (queue: { capabilities: { empty_topic_name: boolean } }) =>
    conversation.topic === '' && !queue.capabilities.empty_topic_name ? { ...common, topic: EMPTY_TOPIC_DISPLAY_NAME } : common;
  dispatcher.dispatch(
    {
      realmId,
      userIds,
      eventType: 'delete_message',
      render: (queue) => (queue.capabilities.bulk_message_deletion ? { ...shaped(queue), message_ids: [...messageIds] } : null),
    },
    ...messageIds.map((messageId) => ({
      realmId,
      userIds,
      eventType: 'delete_message',
      render: (queue: { capabilities: { bulk_message_deletion: boolean; empty_topic_name: boolean } }) =>
        queue.capabilities.bulk_message_deletion ? null : { ...shaped(queue), message_id: messageId },
    })),
  );
}
