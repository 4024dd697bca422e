import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ScheduledMessageWire } from '../domain/scheduled-message-rules';
import { ScheduledMessageStore } from '../persistence/scheduled-message.store';
import { scheduledMessageWire } from '../api/scheduled-message.presenter';

export type { ScheduledMessageWire };

/** `GET /scheduled_messages` and register's `scheduled_messages`: the user's own, not yet sent, soonest first. */
export class GetScheduledMessagesQuery {
  constructor(readonly userId: number) {}
}

@QueryHandler(GetScheduledMessagesQuery)
export class GetScheduledMessagesHandler implements IQueryHandler<GetScheduledMessagesQuery, ScheduledMessageWire[]> {
  constructor(private readonly store: ScheduledMessageStore) {}

  async execute({ userId }: GetScheduledMessagesQuery): Promise<ScheduledMessageWire[]> {
    return (await this.store.undelivered(userId)).map(scheduledMessageWire);
  }
}
