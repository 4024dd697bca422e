import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { UsersModule } from '../users/users.module';
import { ChannelEmailController } from './api/channel-email.controller';
import { GetChannelEmailAddressHandler } from './commands/get-channel-email-address.command';
import { ChannelEmailAddressStore } from './persistence/channel-email-address.store';

/** Zulip's channel email addresses (ChannelEmailAddress): the address mail to a channel goes to. */
@Module({
  imports: [ChannelsModule, UsersModule],
  controllers: [ChannelEmailController],
  providers: [ChannelEmailAddressStore, GetChannelEmailAddressHandler],
})
export class ChannelEmailModule {}
