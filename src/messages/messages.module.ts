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
import { MessageFlagsController } from './api/message-flags.controller';
import { MarkAsReadHandler } from './commands/mark-as-read.command';
import { MessageFlagWriter } from './commands/message-flag-writer';
import { UpdateFlagsForNarrowHandler } from './commands/update-flags-for-narrow.command';
import { UpdateMessageFlagsHandler } from './commands/update-message-flags.command';
import { MessageFlagsUpdatedProjector } from './events/message-flags-updated.handler';
import { FlagStore } from './persistence/flag-store';
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
  controllers: [MessagesController, MessageFetchController, MessageActionsController, MessageFlagsController],
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
    FlagStore,
    MessageFlagWriter,
    UpdateMessageFlagsHandler,
    UpdateFlagsForNarrowHandler,
    MarkAsReadHandler,
    MessageFlagsUpdatedProjector,
  ],
  exports: [MessageLoader, ConversationRepository],
})
export class MessagesModule {}
