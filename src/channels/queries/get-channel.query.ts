import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { EMPTY_TOPIC_DISPLAY_NAME } from '../../shared/message-content';
import { Actor } from '../../shared/actor';
import { ChannelPresenter, ChannelWire } from '../api/channel.presenter';
import { ChannelPolicy } from '../public/channel-policy';
import { ChannelAccessLoader } from '../access/channel-access.loader';
import { ChannelViewers } from './channel-viewers';
import { Database } from '../../platform/database/database';

/** `GET /streams/{stream_id}`: one channel the user has metadata access to. */
export class GetChannelQuery {
  constructor(
    readonly user: Actor,
    readonly streamId: number,
  ) {}
}

@QueryHandler(GetChannelQuery)
export class GetChannelHandler implements IQueryHandler<GetChannelQuery, ChannelWire> {
  constructor(
    private readonly access: ChannelAccessLoader,
    private readonly presenter: ChannelPresenter,
    private readonly database: Database,
  ) {}

  async execute({ user, streamId }: GetChannelQuery): Promise<ChannelWire> {
    const { stream } = await this.access.requireById(user, streamId, false);
    const [wire] = await this.presenter.channels([stream]);
    return wire;
  }
}

/** `GET /get_stream_id`: a channel's id by name, for users with content access. */
export class GetChannelIdQuery {
  constructor(
    readonly user: Actor,
    readonly name: string,
  ) {}
}

@QueryHandler(GetChannelIdQuery)
export class GetChannelIdHandler implements IQueryHandler<GetChannelIdQuery, number> {
  constructor(
    private readonly access: ChannelAccessLoader,
  ) {}

  async execute({ user, name }: GetChannelIdQuery): Promise<number> {
    const { stream } = await this.access.requireByName(user, name);
    return stream.id;
  }
}

/** `GET /streams/{stream_id}/members`: subscriber ids, for users with metadata access. */
export class GetChannelMembersQuery {
  constructor(
    readonly user: Actor,
    readonly streamId: number,
  ) {}
}

@QueryHandler(GetChannelMembersQuery)
export class GetChannelMembersHandler implements IQueryHandler<GetChannelMembersQuery, number[]> {
  constructor(
    private readonly access: ChannelAccessLoader,
    private readonly viewers: ChannelViewers,
    private readonly database: Database,
  ) {}

  async execute({ user, streamId }: GetChannelMembersQuery): Promise<number[]> {
    const { stream } = await this.access.requireById(user, streamId, false);
    return this.viewers.subscriberIds(stream.recipientId);
  }
}

export interface TopicSummary {
  name: string;
  max_id: number;
}

/**
 * `GET /users/me/{stream_id}/topics`: Zulip's `get_topic_history_for_stream`. Topics
 * group case-insensitively under the spelling of their latest message; without access
 * to the channel's history, only messages the user received count.
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
    private readonly database: Database,
  ) {}

  async execute({ user, streamId, allowEmptyTopicName }: GetChannelTopicsQuery): Promise<TopicSummary[]> {
    const { stream, actor, subscribed } = await this.access.requireById(user, streamId);
    const ownOnly = !ChannelPolicy.canReadHistory(actor, stream, subscribed);
    const rows = await this.database.query<{ name: string; max_id: number }>(
      `SELECT m.subject AS name, t.max_id
         FROM (SELECT max(m.id) AS max_id FROM message m
                WHERE m.recipient_id = $1
                  AND ($2::int IS NULL OR EXISTS (
                        SELECT 1 FROM user_message um WHERE um.message_id = m.id AND um.user_profile_id = $2))
                GROUP BY lower(m.subject)) t
         JOIN message m ON m.id = t.max_id
        ORDER BY t.max_id DESC`,
      [stream.recipientId, ownOnly ? user.id : null],
    );
    return rows.map((row) => ({
      name: row.name === '' && !allowEmptyTopicName ? EMPTY_TOPIC_DISPLAY_NAME : row.name,
      max_id: row.max_id,
    }));
  }
}
