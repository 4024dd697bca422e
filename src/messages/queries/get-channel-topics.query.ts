import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ChannelAccessLoader } from '../../channels/access/channel-access.loader';
import { ChannelPolicy } from '../../channels/public/channel-policy';
import { Actor } from '../../shared/actor';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../shared/message-content';
import { ChannelTopicsStore } from '../persistence/channel-topics.store';

export interface TopicSummary {
  name: string;
  max_id: number;
}

/**
 * `GET /users/me/{stream_id}/topics`: Zulip's `get_topic_history_for_stream`. Topics
 * group case-insensitively under the spelling of their latest message; without access
 * to the channel's history, only messages the user received count. Topics are the
 * messages module's (docs/architecture.md), so the query is here, after the channel's
 * access check.
 */
export class GetChannelTopicsQuery {
  constructor(
    readonly user: Actor,
    readonly streamId: number,
    readonly allowEmptyTopicName: boolean,
  ) {}
}

@QueryHandler(GetChannelTopicsQuery)
export class GetChannelTopicsHandler implements IQueryHandler<GetChannelTopicsQuery, TopicSummary[]> {
  constructor(
    private readonly access: ChannelAccessLoader,
    private readonly topics: ChannelTopicsStore,
  ) {}

  async execute({ user, streamId, allowEmptyTopicName }: GetChannelTopicsQuery): Promise<TopicSummary[]> {
    const { stream, actor, subscribed } = await this.access.requireById(user, streamId);
    const ownOnly = !ChannelPolicy.canReadHistory(actor, stream, subscribed);
    const rows = await this.topics.topics(stream.recipientId, ownOnly ? user.id : null);
    return rows.map((row) => ({
      name: row.name === '' && !allowEmptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : row.name,
      max_id: row.max_id,
    }));
  }
}
