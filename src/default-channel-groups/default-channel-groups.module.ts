import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { UsersModule } from '../users/users.module';
import { DefaultChannelGroupsController } from './api/default-channel-groups.controller';
import {
  CreateDefaultChannelGroupHandler,
  DropArchivedChannelFromGroupsHandler,
  RemoveDefaultChannelGroupHandler,
  UpdateDefaultChannelGroupChannelsHandler,
  UpdateDefaultChannelGroupHandler,
} from './commands/default-channel-group.commands';
import { DefaultChannelGroupEffects } from './events/default-channel-group.effects';
import { DefaultChannelGroupEventProjections } from './events/default-channel-group-event.projections';
import { DefaultChannelGroupStore } from './persistence/default-channel-group.store';
import { GetDefaultChannelGroupsHandler } from './queries/get-default-channel-groups.query';
import { DefaultChannelGroupsState } from './queries/default-channel-groups.state';

/** Zulip's default channel groups (DefaultStreamGroup): register's `realm_default_stream_groups`. */
@Module({
  imports: [ChannelsModule, UsersModule],
  controllers: [DefaultChannelGroupsController],
  providers: [
    DefaultChannelGroupsState,
    DefaultChannelGroupStore,
    GetDefaultChannelGroupsHandler,
    CreateDefaultChannelGroupHandler,
    UpdateDefaultChannelGroupHandler,
    UpdateDefaultChannelGroupChannelsHandler,
    RemoveDefaultChannelGroupHandler,
    DropArchivedChannelFromGroupsHandler,
    DefaultChannelGroupEventProjections,
    DefaultChannelGroupEffects,
  ],
})
export class DefaultChannelGroupsModule {}
