import { Module } from '@nestjs/common';
import { ChannelsModule } from '../channels/channels.module';
import { RealmModule } from '../realm/realm.module';
import { UsersModule } from '../users/users.module';
import { MessagesController } from './api/messages.controller';
import { SendMessageHandler } from './commands/send-message.command';
import { MessageSentProjector } from './events/message-sent.handler';
import { ConversationRepository } from './persistence/conversation.repository';
import { MessageLoader } from './persistence/message.loader';

/** Messages: sending, reading, and their client events. */
@Module({
  imports: [RealmModule, UsersModule, ChannelsModule],
  controllers: [MessagesController],
  providers: [SendMessageHandler, MessageSentProjector, ConversationRepository, MessageLoader],
  exports: [MessageLoader, ConversationRepository],
})
export class MessagesModule {}
