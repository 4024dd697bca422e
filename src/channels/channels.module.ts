import { Module } from '@nestjs/common';
import { GroupsModule } from '../groups/groups.module';
import { UsersModule } from '../users/users.module';
import { ChannelPresenter } from './api/channel.presenter';
import { ChannelsController } from './api/channels.controller';
import { SubscribeHandler } from './commands/subscribe.command';
import { ChannelsCreatedProjector, UsersSubscribedProjector } from './events/channel-events.handler';
import { ChannelAudience } from './persistence/channel-audience';
import { ChannelRepository } from './persistence/channel.repository';
import { PolicyActorLoader } from './persistence/policy-actor.loader';
import { SubscriptionRepository } from './persistence/subscription.repository';
import { GetStreamsHandler } from './queries/get-streams.query';
import { GetSubscriptionStateHandler } from './queries/get-subscriptions.query';

/** Channels and subscriptions. */
@Module({
  imports: [GroupsModule, UsersModule],
  controllers: [ChannelsController],
  providers: [
    ChannelRepository,
    SubscriptionRepository,
    ChannelPresenter,
    ChannelAudience,
    PolicyActorLoader,
    SubscribeHandler,
    GetStreamsHandler,
    GetSubscriptionStateHandler,
    ChannelsCreatedProjector,
    UsersSubscribedProjector,
  ],
  exports: [ChannelRepository, SubscriptionRepository, ChannelPresenter, ChannelAudience, PolicyActorLoader],
})
export class ChannelsModule {}
