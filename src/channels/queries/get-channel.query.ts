import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { Actor } from '../../shared/actor';
import { ChannelView, ChannelViews } from './channel-views';
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
export class GetChannelHandler implements IQueryHandler<GetChannelQuery, ChannelView> {
  constructor(
    private readonly access: ChannelAccessLoader,
    private readonly views: ChannelViews,
    private readonly database: Database,
  ) {}

  async execute({ user, streamId }: GetChannelQuery): Promise<ChannelView> {
    const { stream } = await this.access.requireById(user, streamId, false);
    const [view] = await this.views.of([stream]);
    return view;
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
