import { Module } from '@nestjs/common';
import { RealmModule } from '../realm/realm.module';
import { PublicImagesController } from './api/public-images.controller';
import { UploadsController } from './api/uploads.controller';
import { AttachmentExpiry } from './commands/attachment-expiry';
import { DeleteAttachmentHandler } from './commands/delete-attachment.command';
import { UploadFileHandler } from './commands/upload-file.command';
import { AttachmentEventProjections } from './events/attachment-event.projections';
import { AttachmentClaims } from './commands/attachment-claims';
import { AttachmentRepository } from './persistence/attachment.repository';
import { AttachmentViews } from './queries/attachment-views';
import { TemporaryUrls } from './persistence/temporary-urls';
import { GetAttachmentsHandler } from './queries/get-attachments.query';
import { CheckUploadAccessHandler } from './queries/read-upload.query';

/**
 * Message uploads and attachments. Sending and editing call AttachmentClaims to link the
 * uploads a message mentions; the retention job calls AttachmentExpiry to remove those
 * whose last message expired.
 */
@Module({
  imports: [RealmModule],
  controllers: [UploadsController, PublicImagesController],
  providers: [
    AttachmentRepository,
    AttachmentViews,
    AttachmentClaims,
    AttachmentExpiry,
    TemporaryUrls,
    UploadFileHandler,
    DeleteAttachmentHandler,
    GetAttachmentsHandler,
    CheckUploadAccessHandler,
    AttachmentEventProjections,
  ],
  exports: [AttachmentClaims, AttachmentExpiry],
})
export class UploadsModule {}
