import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { MutedUsersModule } from '../muted-users/muted-users.module';
import { RealmModule } from '../realm/realm.module';
import { UserTopicsModule } from '../user-topics/user-topics.module';
import { UsersModule } from '../users/users.module';
import { MessageFetchController } from './api/message-fetch.controller';
import { MessageActionsController } from './api/message-actions.controller';
import { MessagesController } from './api/messages.controller';
import { DeleteMessageHandler } from './commands/delete-message.command';
import { SendEditTypingHandler, SendTypingHandler } from './commands/send-typing.command';
import { TypingPeople } from './persistence/typing-people';
import { DirectMessageDeletedProjector } from './events/direct-message-deleted';
import { MessageAccess } from './persistence/message-access';
import { GroupsModule } from '../groups/groups.module';
import { SendMessageHandler } from './commands/send-message.command';
import { MessageSentProjector } from './events/message-sent.handler';
import { PostChannelNoticeHandler } from './commands/post-channel-notice.handler';
import { PostSubscriptionNoticesHandler } from './commands/post-subscription-notices.handler';
import { ConversationRepository } from './persistence/conversation.repository';
import { MessageLoader } from './persistence/message.loader';
import { MessageSearchRepository } from './persistence/message-search.repository';
import { GetMessageHandler } from './queries/get-message.query';
import { GetMessagesHandler } from './queries/get-messages.query';
import { NarrowResolver } from './queries/narrow-resolver';

/** Messages: sending, reading, and their client events. */
@Module({
  imports: [GroupsModule, RealmModule, UsersModule, ChannelsModule, MutedUsersModule, UserTopicsModule],
  controllers: [MessagesController, MessageFetchController, MessageActionsController],
  providers: [
    SendMessageHandler,
    MessageSentProjector,
    PostSubscriptionNoticesHandler,
    PostChannelNoticeHandler,
    ConversationRepository,
    MessageLoader,
    MessageSearchRepository,
    NarrowResolver,
    GetMessagesHandler,
    GetMessageHandler,
    MessageAccess,
    SendTypingHandler,
    SendEditTypingHandler,
    TypingPeople,
    DeleteMessageHandler,
    DirectMessageDeletedProjector,
  ],
  exports: [MessageLoader, ConversationRepository],
})
export class MessagesModule {}
