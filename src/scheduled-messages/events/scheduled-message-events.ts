import { ScheduledMessageRow } from '../persistence/scheduled-message.store';

/** A `scheduled_messages` event for the sender: `add` carries a list, `update` the message, `remove` its id. */
export type ScheduledMessageChange =
  | { op: 'add'; scheduled_messages: ScheduledMessageRow[] }
  | { op: 'update'; scheduled_message: ScheduledMessageRow }
  | { op: 'remove'; scheduled_message_id: number };

/** One of a user's scheduled messages was made, changed, failed, sent or deleted. */
export class ScheduledMessagesChangedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly change: ScheduledMessageChange,
    /** When the message is due (add and edit), for the scheduler's wake; null otherwise. */
    readonly dueAt: Date | null = null,
  ) {}
}
