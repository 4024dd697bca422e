import { ScheduledMessageWire } from '../domain/scheduled-message-rules';
import { ScheduledMessageRow } from '../persistence/scheduled-message.store';

/** Zulip's `ScheduledMessage.to_dict()`. */
export function scheduledMessageWire(row: ScheduledMessageRow): ScheduledMessageWire {
  const common = {
    content: row.content,
    rendered_content: row.renderedContent,
    scheduled_delivery_timestamp: Math.floor(row.scheduledAt.getTime() / 1000),
    failed: row.failed,
  };
  return typeof row.to === 'number'
    ? { scheduled_message_id: row.id, to: row.to, type: 'stream', topic: row.topic, ...common }
    : { scheduled_message_id: row.id, to: row.to, type: 'private', ...common };
}
