import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { UserMessageReader } from '../../users/public/messages.port';
import { maxMessageIdOf } from '../persistence/unread-state.store';

/** A user's newest message id (`max_message_id`), for the users module. */
@Injectable()
export class NewestMessageReader implements UserMessageReader {
  constructor(private readonly database: Database) {}

  maxMessageId(userId: number): Promise<number> {
    return maxMessageIdOf(this.database, userId);
  }
}
