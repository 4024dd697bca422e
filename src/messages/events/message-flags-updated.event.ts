import { UnreadDetail } from '../persistence/flag-store';

/** A user's flags changed on some of their messages (or, `all`, read on every message). */
export class MessageFlagsUpdatedEvent {
  constructor(
    readonly realmId: number,
    readonly userId: number,
    readonly op: 'add' | 'remove',
    readonly flag: string,
    readonly messageIds: readonly number[],
    readonly all: boolean,
    /** For `read` removed: the now-unread messages, so clients can rebuild `unread_msgs`. */
    readonly unreadDetails: readonly UnreadDetail[] | null,
  ) {}
}
