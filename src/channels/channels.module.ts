import { Module } from '@nestjs/common';
import { ChannelDirectory } from './queries/channel-directory';
import { SubscriberDirectory } from './queries/subscriber-directory';
import { GroupsModule } from '../groups/groups.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { ChannelViews } from './queries/channel-views';
import { ChannelTrafficReader } from './persistence/channel-traffic.reader';
import { StreamsController } from './api/streams.controller';
import { ArchiveChannelHandler } from './commands/archive-channel.command';
import { ChangeDefaultChannelHandler } from './commands/change-default-channel.command';
import { ChannelWrites } from './commands/channel-writes';
import { SubscriptionWrites } from './commands/subscription-writes';
import { FirstMessageRefresher } from './commands/first-message.refresher';
import { ChannelReadStore } from './persistence/channel-reads.store';
import { UpdateChannelHandler } from './commands/update-channel.command';
import { ChannelEventProjections } from './events/channel-event.projections';
import { ChannelAccessLoader } from './access/channel-access.loader';
import { ChannelAccessWatcher } from './events/channel-access-watcher';
import { ChannelViewers } from './queries/channel-viewers';
import { DefaultChannels } from './persistence/default-channels';
import {
  GetChannelHandler,
  GetChannelIdHandler,
  GetChannelMembersHandler,
} from './queries/get-channel.query';
import { SubscriptionsController } from './api/subscriptions.controller';
import { SubscribeHandler, SubscriptionAdder } from './commands/subscribe.command';
import { SubscriptionEventRecorder } from './events/subscription-event.recorder';
import { SubscriptionRemover, UnsubscribeHandler } from './commands/unsubscribe.command';
import { UpdateSubscriptionsHandler } from './commands/update-subscriptions.command';
import { UpdateSubscriptionPropertiesHandler } from './commands/update-subscription-properties.command';
import { ChannelRepository } from './persistence/channel.repository';
import { PolicyActorLoader } from './access/policy-actor.loader';
import { PrincipalResolver } from './access/principal.resolver';
import { SubscriptionRepository } from './persistence/subscription.repository';
import { GetStreamsHandler } from './queries/get-streams.query';
import { GetSubscriptionStatusHandler } from './queries/get-subscription-status.query';
import { GetSubscriptionStateHandler } from './queries/get-subscriptions.query';
import { ChannelsState } from './queries/channels.state';

/** Channels and subscriptions. */
@Module({
  imports: [GroupsModule, UsersModule, RealmModule],
  controllers: [StreamsController, SubscriptionsController],
  providers: [
    ChannelsState,
    ChannelDirectory,
    SubscriberDirectory,
    ChannelRepository,
    SubscriptionRepository,
    ChannelWrites,
    SubscriptionWrites,
    ChannelViews,
    ChannelTrafficReader,
    PolicyActorLoader,
    PrincipalResolver,
    SubscriptionEventRecorder,
    SubscribeHandler,
    SubscriptionAdder,
    UnsubscribeHandler,
    SubscriptionRemover,
    UpdateSubscriptionsHandler,
    UpdateSubscriptionPropertiesHandler,
    GetStreamsHandler,
    GetSubscriptionStateHandler,
    GetSubscriptionStatusHandler,
    ChannelEventProjections,
    // Listing and managing channels.
    ChannelAccessLoader,
    ChannelAccessWatcher,
    ChannelViewers,
    DefaultChannels,
    GetChannelHandler,
    GetChannelIdHandler,
    GetChannelMembersHandler,
    UpdateChannelHandler,
    ArchiveChannelHandler,
    ChangeDefaultChannelHandler,
    FirstMessageRefresher,
    ChannelReadStore,
  ],
  exports: [
    ChannelDirectory,
    SubscriberDirectory,
    ChannelWrites,
    SubscriptionWrites,
    ChannelViews,
    ChannelViewers,
    PolicyActorLoader,
    ChannelAccessLoader,
    FirstMessageRefresher,
  ],
})
export class ChannelsModule {}
