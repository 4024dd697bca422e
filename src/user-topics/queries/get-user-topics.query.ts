import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../shared/message-content';
import { VisibilityPolicy } from '../public/visibility-policy';
import { MutedTopicEntry } from '../events/user-topic-events';
import { UserTopicRepository } from '../persistence/user-topic.repository';

export interface UserTopicWire {
  stream_id: number;
  topic_name: string;
  last_updated: number;
  visibility_policy: number;
}

export interface UserTopicsState {
  user_topics: UserTopicWire[];
  muted_topics: MutedTopicEntry[];
}

/** Register's `user_topics` and the legacy `muted_topics`. */
export class GetUserTopicsQuery {
  constructor(
    readonly userId: number,
    /** The `empty_topic_name` capability: without it the empty topic shows its display name. */
    readonly emptyTopicName: boolean,
  ) {}
}

@QueryHandler(GetUserTopicsQuery)
export class GetUserTopicsHandler implements IQueryHandler<GetUserTopicsQuery, UserTopicsState> {
  constructor(
    private readonly topics: UserTopicRepository,
  ) {}

  async execute(query: GetUserTopicsQuery): Promise<UserTopicsState> {
    const rows = await this.topics.listForUser(query.userId);
    const shown = (topic: string) => (topic === '' && !query.emptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : topic);
    return {
      user_topics: rows.map((row) => ({
        stream_id: row.streamId,
        topic_name: shown(row.topicName),
        last_updated: row.lastUpdated,
        visibility_policy: row.visibilityPolicy,
      })),
      muted_topics: rows
        .filter((row) => row.visibilityPolicy === VisibilityPolicy.Muted)
        .map((row): MutedTopicEntry => [row.streamName, shown(row.topicName), row.lastUpdated]),
    };
  }
}
