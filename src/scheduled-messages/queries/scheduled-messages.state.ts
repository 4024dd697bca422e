import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection, personalSection } from '../../platform/events/state/register-state';
import { GetScheduledMessagesQuery } from './get-scheduled-messages.query';
import { ScheduledMessageRow } from '../persistence/scheduled-message.store';
import { scheduledMessageWire } from '../api/scheduled-message.presenter';

/** `scheduled_messages` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class ScheduledMessagesState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [
      personalSection(request, 'scheduled_messages', request.wants('scheduled_messages'), { scheduled_messages: [] }, async (viewerId, state) => {
        state.scheduled_messages = (await this.queryBus.execute<GetScheduledMessagesQuery, ScheduledMessageRow[]>(new GetScheduledMessagesQuery(viewerId))).map(scheduledMessageWire);
      }),
    ];
  }
}
