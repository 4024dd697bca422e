import { Module } from '@nestjs/common';
import { RealmModule } from '../realm/realm.module';
import { UploadsController } from './api/uploads.controller';
import { DeleteAttachmentHandler } from './commands/delete-attachment.command';
import { UploadFileHandler } from './commands/upload-file.command';
import { AttachmentChangedProjector } from './events/attachment-events.handler';
import { AttachmentClaims } from './persistence/attachment-claims';
import { AttachmentRepository } from './persistence/attachment.repository';
import { TemporaryUrls } from './persistence/temporary-urls';
import { GetAttachmentsHandler } from './queries/get-attachments.query';
import { CheckUploadAccessHandler } from './queries/read-upload.query';

/**
 * Message uploads and attachments. Sending and editing call AttachmentClaims to link the
 * uploads a message mentions.
 */
@Module({
  imports: [RealmModule],
  controllers: [UploadsController],
  providers: [
    AttachmentRepository,
    AttachmentClaims,
    TemporaryUrls,
    UploadFileHandler,
    DeleteAttachmentHandler,
    GetAttachmentsHandler,
    CheckUploadAccessHandler,
    AttachmentChangedProjector,
  ],
  exports: [AttachmentClaims, AttachmentRepository],
})
export class UploadsModule {}
