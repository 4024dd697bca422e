import { Global, Module } from '@nestjs/common';
import { ChannelMessageRelations } from '../channels/public/message-relations';
import { UploadMessageRelations } from '../uploads/public/message-relations';
import { messageRelation, userMessageRelation } from './persistence/messages.read-relations';

const forChannels: ChannelMessageRelations = { message: messageRelation };
const forUploads: UploadMessageRelations = { message: messageRelation, userMessage: userMessageRelation };

/**
 * The messages module's read relations for the modules below it (channels, uploads), which
 * declare what they need as an abstract class and cannot import messages: global, so that
 * their modules find it without importing this one (the composition root does).
 */
@Global()
@Module({
  providers: [
    { provide: ChannelMessageRelations, useValue: forChannels },
    { provide: UploadMessageRelations, useValue: forUploads },
  ],
  exports: [ChannelMessageRelations, UploadMessageRelations],
})
export class MessageReadRelationsModule {}
