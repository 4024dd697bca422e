import { Global, Module } from '@nestjs/common';
import { bindPort, bindPortValue } from '../platform/modules/upward-port';
import { ChannelMessageRelations } from '../channels/public/messages.port';
import { TopicHistory } from '../markdown/public/messages.port';
import { UploadMessageRelations } from '../uploads/public/messages.port';
import { MessageRenderingRewrites } from '../uploads/public/message-rendering.port';
import { MessageRenderingRewriter } from './commands/message-rendering-rewriter';
import { UserMessageReader } from '../users/public/messages.port';
import { messageRelation, userMessageRelation } from './public/read-relations';
import { NewestMessageReader } from './queries/newest-message.reader';
import { TopicHistoryReader } from './queries/topic-history.reader';
import { MessagesModule } from './messages.module';

const ports = [
  bindPortValue(ChannelMessageRelations, { message: messageRelation }),
  bindPortValue(UploadMessageRelations, { message: messageRelation, userMessage: userMessageRelation }),
  bindPort(TopicHistory, TopicHistoryReader),
  bindPort(UserMessageReader, NewestMessageReader),
  bindPort(MessageRenderingRewrites, MessageRenderingRewriter),
];

/**
 * Binds what the modules below messages (channels, uploads, markdown, users) read of
 * messages, and the rewrite of stored renderings that uploads' thumbnailer asks for, which
 * they declare as ports in their `public/` (docs/architecture.md, "Reading a module above"). Global, so that their modules find the ports without
 * importing messages; the composition root imports it.
 */
@Global()
@Module({ imports: [MessagesModule], providers: ports, exports: ports })
export class MessagesForModulesBelowModule {}
