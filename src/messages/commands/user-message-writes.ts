import { Injectable } from '@nestjs/common';
import { FlagStore } from '../persistence/flag-store';

/**
 * The `user_message` writes other modules' commands make inside their own transaction: a
 * reaction to a message the user never received gives them a historical row; muting a
 * user marks that user's messages read. Events are the caller's.
 */
@Injectable()
export class UserMessageWrites {
  constructor(private readonly flags: FlagStore) {}

  /** Zulip's `create_historical_user_messages`: rows, with these flags, for messages the user never received. */
  addHistoricalRows(userId: number, messageIds: readonly number[], flags: number): Promise<void> {
    return this.flags.insertHistorical(userId, messageIds, flags);
  }

  /** Marks the user's unread messages from `senderId` read; answers their ids, ascending. */
  markReadFromSender(userId: number, senderId: number): Promise<number[]> {
    return this.flags.markReadFromSender(userId, senderId);
  }
}
