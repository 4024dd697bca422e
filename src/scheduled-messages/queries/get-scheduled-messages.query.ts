import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ScheduledMessageRow, ScheduledMessageStore } from '../persistence/scheduled-message.store';

/** `GET /scheduled_messages` and register's `scheduled_messages`: the user's own, not yet sent, soonest first. */
export class GetScheduledMessagesQuery {
  constructor(readonly userId: number) {}
}

@QueryHandler(GetScheduledMessagesQuery)
export class GetScheduledMessagesHandler implements IQueryHandler<GetScheduledMessagesQuery, ScheduledMessageRow[]> {
  constructor(private readonly store: ScheduledMessageStore) {}

  execute({ userId }: GetScheduledMessagesQuery): Promise<ScheduledMessageRow[]> {
    return this.store.undelivered(userId);
  }
}
