import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { ApiError } from '../../shared/api-error';
import { UserDirectory } from '../../users/queries/user-directory';
import { Actor } from '../../shared/actor';
import { ChannelPolicy } from '../public/channel-policy';
import { ChannelRepository } from '../persistence/channel.repository';
import { PolicyActorLoader } from '../access/policy-actor.loader';
import { SubscriptionRepository } from '../persistence/subscription.repository';
import { Database } from '../../platform/database/database';

/** `GET /users/{user_id}/subscriptions/{stream_id}`: is that user subscribed? */
export class GetSubscriptionStatusQuery {
  constructor(
    readonly actor: Actor,
    readonly userId: number,
    readonly streamId: number,
  ) {}
}

@QueryHandler(GetSubscriptionStatusQuery)
export class GetSubscriptionStatusHandler implements IQueryHandler<GetSubscriptionStatusQuery, { is_subscribed: boolean }> {
  constructor(
    private readonly users: UserDirectory,
    private readonly channels: ChannelRepository,
    private readonly subscriptions: SubscriptionRepository,
    private readonly actors: PolicyActorLoader,
    private readonly database: Database,
  ) {}

  /**
   * Zulip's `access_user_by_id` then `access_stream_by_id`: only someone with content
   * access to the channel (who may see its subscribers) gets an answer.
   */
  async execute(query: GetSubscriptionStatusQuery): Promise<{ is_subscribed: boolean }> {
    const { actor } = query;
    const target = await this.users.findInRealm(actor.realmId, query.userId);
    if (!target) throw ApiError.badRequest('No such user');
    if (!target.isActive) throw ApiError.badRequest('User is deactivated');
    const stream = await this.channels.findById(actor.realmId, query.streamId);
    if (!stream) throw ApiError.invalidChannel();
    const recipientId = stream.recipientId as number;
    const actorSubscribed = await this.subscriptions.isSubscribed(actor.id, recipientId);
    if (!ChannelPolicy.hasContentAccess(await this.actors.load(actor.id), stream, actorSubscribed)) {
      throw ApiError.invalidChannel();
    }
    return { is_subscribed: await this.subscriptions.isSubscribed(target.id, recipientId) };
  }
}
