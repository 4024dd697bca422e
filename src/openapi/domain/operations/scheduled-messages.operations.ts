import { arr, bool, int, literal, obj, oneOf, str } from '../json-schema';
import { OperationTable, success } from '../operation-doc';

const common = { content: str, rendered_content: str, scheduled_delivery_timestamp: int, failed: bool };

/** Zulip's `ScheduledMessage.to_dict()`: a channel message names its channel and topic, a direct one its users. */
export const SCHEDULED_MESSAGE = oneOf(
  obj({ scheduled_message_id: int, to: int, type: literal('stream'), topic: str, ...common }),
  obj({ scheduled_message_id: int, to: arr(int), type: literal('private'), ...common }),
);

/** Scheduled messages: each user's messages to be sent later. */
export const SCHEDULED_MESSAGE_OPERATIONS: OperationTable = {
  'GET /api/v1/scheduled_messages': success(
    'One\'s scheduled messages not yet sent (those the server failed to send included), soonest first.',
    { scheduled_messages: arr(SCHEDULED_MESSAGE) },
  ),
  'POST /api/v1/scheduled_messages': success(
    'Schedule a message: `type`, `to`, `topic` and `content` as for sending, and `scheduled_delivery_timestamp` (UTC seconds, in the future). It is checked as if sent now, and sent at that time (checked again then; a failure is reported by the notification bot).',
    { scheduled_message_id: int },
  ),
  'PATCH /api/v1/scheduled_messages/{scheduled_message_id}': success(
    'Edit one\'s scheduled message: its recipients, topic, content or time (a failed one needs a new time).',
  ),
  'DELETE /api/v1/scheduled_messages/{scheduled_message_id}': success('Delete one\'s scheduled message, so it is never sent.'),
};
