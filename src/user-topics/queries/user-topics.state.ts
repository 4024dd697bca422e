import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { RegisterStateContributor, RegisterStateRequest, StateContributor, StateSection, personalSection } from '../../platform/events/state/register-state';
import { GetUserTopicsQuery, UserTopicsState } from './get-user-topics.query';

/** `user_topics` and the legacy `muted_topics` in `POST /register`'s state. */
@Injectable()
@RegisterStateContributor()
export class UserTopicState implements StateContributor {
  constructor(private readonly queryBus: QueryBus) {}

  sections(request: RegisterStateRequest): StateSection[] {
    const wantsTopics = request.wants('user_topic');
    // Clients that asked for `user_topic` by name get no duplicate legacy `muted_topics`.
    const wantsMutedTopics = request.wants('muted_topics') && (request.fetchEventTypes === null || !wantsTopics);
    const emptyTopics = { ...(wantsTopics ? { user_topics: [] } : {}), ...(wantsMutedTopics ? { muted_topics: [] } : {}) };
    return [
      personalSection(request, 'user_topic', wantsTopics || wantsMutedTopics, emptyTopics, async (viewerId, state) => {
        const topics = await this.queryBus.execute<GetUserTopicsQuery, UserTopicsState>(
          new GetUserTopicsQuery(viewerId, request.options.capabilities.empty_topic_name),
        );
        if (wantsTopics) state.user_topics = topics.user_topics;
        if (wantsMutedTopics) state.muted_topics = topics.muted_topics;
      }),
    ];
  }
}
