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
import { ImageRepository } from './persistence/image.repository';
import { ImageThumbnailer } from './commands/image-thumbnailer';
import { ThumbnailScheduler } from './delivery/thumbnail-scheduler';
import { UploadPreviewReader } from './queries/upload-previews.reader';
import { GetThumbnailHandler } from './commands/get-thumbnail.command';
import { LoadingSpinnerController } from './api/loading-spinner.controller';

/**
 * Message uploads and attachments. Sending and editing call AttachmentClaims to link the
 * uploads a message mentions; the retention job calls AttachmentExpiry to remove those
 * whose last message expired. Uploaded images are thumbnailed in the background
 * (ThumbnailScheduler, started by main.ts); the renderer reads their previews through
 * UploadPreviewReader.
 */
@Module({
  imports: [RealmModule],
  controllers: [UploadsController, PublicImagesController, LoadingSpinnerController],
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
    ImageRepository,
    ImageThumbnailer,
    ThumbnailScheduler,
    UploadPreviewReader,
    GetThumbnailHandler,
  ],
  exports: [AttachmentClaims, AttachmentExpiry, UploadPreviewReader, ThumbnailScheduler],
})
export class UploadsModule {}
