import { ScheduledMessageRow } from '../persistence/scheduled-message.store';

/** Zulip's `ScheduledMessage.to_dict()` (APIScheduledStreamMessageDict / APIScheduledDirectMessageDict). */
export type ScheduledMessageWire =
  | {
      scheduled_message_id: number;
      to: number;
      type: 'stream';
      topic: string;
      content: string;
      rendered_content: string;
      scheduled_delivery_timestamp: number;
      failed: boolean;
    }
  | {
      scheduled_message_id: number;
      to: number[];
      type: 'private';
      content: string;
      rendered_content: string;
      scheduled_delivery_timestamp: number;
      failed: boolean;
    };

/** Zulip's `ScheduledMessage.to_dict()` of a row. */
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
