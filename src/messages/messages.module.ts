import { Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { ChannelsModule } from '../channels/channels.module';
import { LinkifiersModule } from '../linkifiers/linkifiers.module';
import { MarkdownModule } from '../markdown/markdown.module';
import { RealmModule } from '../realm/realm.module';
import { UserTopicsModule } from '../user-topics/user-topics.module';
import { UploadsModule } from '../uploads/uploads.module';
import { UsersModule } from '../users/users.module';
import { MessageFetchController } from './api/message-fetch.controller';
import { MessageActionsController } from './api/message-actions.controller';
import { MessagesController } from './api/messages.controller';
import { DeleteMessageHandler } from './commands/delete-message.command';
import { SendEditTypingHandler, SendTypingHandler } from './commands/send-typing.command';
import { TypingPeople } from './persistence/typing-people';
import { MessageAccess } from './access/message-access';
import { GroupsModule } from '../groups/groups.module';
import { MessageFlagsController } from './api/message-flags.controller';
import { MarkAsReadHandler } from './commands/mark-as-read.command';
import { MessageFlagWriter } from './commands/message-flag-writer';
import { UpdateFlagsForNarrowHandler } from './commands/update-flags-for-narrow.command';
import { UpdateMessageFlagsHandler } from './commands/update-message-flags.command';
import { FlagStore } from './persistence/flag-store';
import { MessageSending, SendMessageHandler } from './commands/send-message.command';
import { MessageEventProjections } from './events/message-event.projections';
import { MessageDeletion } from './commands/message-deletion';
import { MessageLocks } from './commands/message-locks';
import { ChannelNoticeEffects } from './events/channel-notice.effects';
import { SubscriptionNoticesEffects } from './events/subscription-notices.effects';
import { ConversationRepository } from './persistence/conversation.repository';
import { ChannelTopicsStore } from './persistence/channel-topics.store';
import { GetChannelTopicsHandler } from './queries/get-channel-topics.query';
import { DirectMessageGroups } from './commands/direct-message-groups';
import { MessageLoader } from './persistence/message.loader';
import { MessageSearchRepository } from './persistence/message-search.repository';
import { GetMessageHandler } from './queries/get-message.query';
import { GetMessagesHandler } from './queries/get-messages.query';
import { MessagesMatchNarrowHandler } from './queries/messages-match-narrow.query';
import { NarrowResolver } from './queries/narrow-resolver';
import { MessageEditController } from './api/message-edit.controller';
import { UpdateMessageHandler } from './commands/update-message.command';
import { MessageMoveEffects } from './commands/message-move.effects';
import { TopicNoticeEffects } from './events/topic-notice.effects';
import { MessageEditStore } from './persistence/message-edit.store';
import { MessageRenderingStore } from './persistence/message-rendering.store';
import { MessageRenderingRewriter } from './commands/message-rendering-rewriter';
import { GetMessageHistoryHandler } from './queries/get-message-history.query';
import { MessageLocations } from './queries/message-locations';
import { MessageSnapshotReader } from './queries/message-snapshot.reader';
import { UserMessageWrites } from './commands/user-message-writes';
import { MessageSendStore } from './persistence/message-send.store';
import { MessageDeletionStore } from './persistence/message-deletion.store';
import { DeleteTopicHandler } from './commands/delete-topic.command';
import { MessageCommandStore } from './persistence/message-command.store';
import { MessagesState } from './queries/messages.state';
import { NewestMessageReader } from './queries/newest-message.reader';
import { TopicHistoryReader } from './queries/topic-history.reader';
import { MessageSendHooks } from './commands/message-send-hooks';

/** Messages: sending, reading, and their client events. */
@Module({
  imports: [DiscoveryModule, GroupsModule, RealmModule, UsersModule, ChannelsModule, UserTopicsModule, MarkdownModule, UploadsModule, LinkifiersModule],
  controllers: [MessagesController, MessageFetchController, MessageActionsController, MessageFlagsController, MessageEditController],
  providers: [
    MessagesState,
    ChannelTopicsStore,
    GetChannelTopicsHandler,
    SendMessageHandler,
    MessageSending,
    MessageEventProjections,
    SubscriptionNoticesEffects,
    ChannelNoticeEffects,
    ConversationRepository,
    DirectMessageGroups,
    MessageLoader,
    TopicHistoryReader,
    NewestMessageReader,
    MessageSearchRepository,
    NarrowResolver,
    GetMessagesHandler,
    MessagesMatchNarrowHandler,
    GetMessageHandler,
    MessageAccess,
    // Other modules' facades the send path uses, provided here because those modules
    // import this one (they post messages).
    MessageSendHooks,
    SendTypingHandler,
    SendEditTypingHandler,
    TypingPeople,
    DeleteMessageHandler,
    MessageDeletion,
    MessageLocks,
    FlagStore,
    MessageFlagWriter,
    UpdateMessageFlagsHandler,
    UpdateFlagsForNarrowHandler,
    MarkAsReadHandler,
    UpdateMessageHandler,
    MessageMoveEffects,
    MessageEditStore,
    MessageRenderingStore,
    MessageRenderingRewriter,
    TopicNoticeEffects,
    GetMessageHistoryHandler,
    MessageLocations,
    MessageSnapshotReader,
    UserMessageWrites,
    MessageSendStore,
    MessageDeletionStore,
    DeleteTopicHandler,
    MessageCommandStore,
  ],
  exports: [TopicHistoryReader, NewestMessageReader, MessageRenderingRewriter, MessageSending, MessageSnapshotReader, DirectMessageGroups, MessageDeletion, MessageAccess, MessageLocations, UserMessageWrites, MessageLocks],
})
export class MessagesModule {}
