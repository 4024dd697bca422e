import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { UserTopicsController } from './api/user-topics.controller';
import { SetTopicVisibilityHandler } from './commands/set-topic-visibility.command';
import { UserTopicEventProjections } from './events/user-topic-event.projections';
import { AutomaticTopicPolicy } from './commands/automatic-topic-policy';
import { UserTopicRepository } from './persistence/user-topic.repository';
import { UserTopicWriter } from './commands/user-topic.writer';
import { GetUserTopicsHandler } from './queries/get-user-topics.query';
import { UserTopicState } from './queries/user-topics.state';

/** Per-user topic visibility policies (mute, unmute, follow) and their events. */
@Module({
  imports: [ChannelsModule],
  controllers: [UserTopicsController],
  providers: [UserTopicState, UserTopicRepository, UserTopicWriter, SetTopicVisibilityHandler, UserTopicEventProjections, AutomaticTopicPolicy, GetUserTopicsHandler],
  exports: [UserTopicWriter, AutomaticTopicPolicy],
})
export class UserTopicsModule {}
