import { Global, Module } from '@nestjs/common';
import { ChannelMessageRelations } from '../channels/public/message-relations';
import { UploadMessageRelations } from '../uploads/public/message-relations';
import { MessageRenderingRewrites } from '../uploads/public/message-rendering-rewrites';
import { MessageRenderingRewriter } from './commands/message-rendering-rewriter';
import { MessageRenderingStore } from './persistence/message-rendering.store';
import { MessageEditStore } from './persistence/message-edit.store';
import { messageRelation, userMessageRelation } from './persistence/messages.read-relations';

const forChannels: ChannelMessageRelations = { message: messageRelation };
const forUploads: UploadMessageRelations = { message: messageRelation, userMessage: userMessageRelation };

/**
 * What the messages module provides the modules below it (channels, uploads), which
 * declare what they need as an abstract class and cannot import messages: its read
 * relations, and the rewrite of stored renderings uploads' thumbnailer needs. Global, so
 * that their modules find it without importing this one (the composition root does).
 */
@Global()
@Module({
  providers: [
    { provide: ChannelMessageRelations, useValue: forChannels },
    { provide: UploadMessageRelations, useValue: forUploads },
    MessageRenderingStore,
    // Stateless SQL, also provided by MessagesModule: the rewrite tells the message's holders as an edit does.
    MessageEditStore,
    { provide: MessageRenderingRewrites, useClass: MessageRenderingRewriter },
  ],
  exports: [ChannelMessageRelations, UploadMessageRelations, MessageRenderingRewrites],
})
export class MessageReadRelationsModule {}
