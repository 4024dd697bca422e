import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection, personalSection } from '../../platform/events/state/register-state';
import { GetAlertWordsQuery } from './get-alert-words.query';

/** `alert_words` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class AlertWordsState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    return [
      personalSection(request, 'alert_words', request.wants('alert_words'), { alert_words: [] }, async (viewerId, state) => {
        state.alert_words = await this.queryBus.execute<GetAlertWordsQuery, string[]>(new GetAlertWordsQuery(viewerId));
      }),
    ];
  }
}
