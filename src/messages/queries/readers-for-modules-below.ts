import { Injectable, OnModuleInit } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { UserMessages } from '../../users/queries/user-foreign-readers';
import { maxMessageIdOf } from '../persistence/unread-state.store';

/**
 * Hands the message reads that modules below messages make (users: `max_message_id`) to
 * them: they cannot import messages, so each declares a slot that this fills at start-up.
 */
@Injectable()
export class MessageReadersForModulesBelow implements OnModuleInit {
  constructor(
    private readonly users: UserMessages,
    private readonly database: Database,
  ) {}

  onModuleInit(): void {
    this.users.fill({ maxMessageId: (userId) => maxMessageIdOf(this.database, userId) });
  }
}
