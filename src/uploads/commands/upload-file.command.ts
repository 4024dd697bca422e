import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { StorageSettings } from '../../platform/config/settings';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { UploadStore } from '../../platform/storage/upload-store';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { fileTooLarge, UploadedFile } from '../../shared/uploaded-file';
import { newPathId, sanitizeFileName, uploadContentType, withDetectedCharset } from '../domain/upload-files';
import { AttachmentChangedEvent } from '../events/attachment-events';
import { AttachmentRepository } from '../persistence/attachment.repository';
import { AttachmentViews } from '../queries/attachment-views';
import { Database } from '../../platform/database/database';
import { storageKey } from './upload-storage';
import { readImageHeader } from '../../platform/storage/images';
import { mayBeThumbnailed } from '../public/thumbnail-formats';
import { ThumbnailScheduler } from '../delivery/thumbnail-scheduler';

/** `POST /user_uploads`: the request's one file. */
export class UploadFileCommand {
  constructor(
    readonly actor: Actor,
    readonly files: readonly UploadedFile[],
  ) {}
}

export interface UploadedFileResult {
  url: string;
  filename: string;
}

/**
 * Zulip's upload_file_backend: exactly one file, within MAX_FILE_UPLOAD_SIZE_MIB; stored
 * under `<realm id>/<random>/<sanitized name>`, recorded as the uploader's attachment
 * (an `attachment` `add` event), answered with its URL and the name it was stored as.
 */
@CommandHandler(UploadFileCommand)
export class UploadFileHandler implements ICommandHandler<UploadFileCommand, UploadedFileResult> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly attachments: AttachmentRepository,
    private readonly views: AttachmentViews,
    private readonly store: UploadStore,
    private readonly storage: StorageSettings,
    private readonly database: Database,
    private readonly thumbnails: ThumbnailScheduler,
  ) {}

  async execute(command: UploadFileCommand): Promise<UploadedFileResult> {
    const { actor, files } = command;
    if (files.length === 0) throw ApiError.badRequest('You must specify a file to upload');
    if (files.length !== 1) throw ApiError.badRequest('You may only upload one file at a time');
    const [file] = files;
    const limit = this.storage.maxFileUploadSizeMib;
    if (file.data.length > limit * 1024 * 1024) throw fileTooLarge(limit);

    // Clients may send the name URL-quoted (Zulip unquotes it); NUL cannot be stored.
    let fileName = file.filename;
    try {
      fileName = decodeURIComponent(fileName);
    } catch {
      // Not valid percent-encoding: the name stays as given.
    }
    fileName = fileName.split('\u0000').join('');
    const contentType = withDetectedCharset(uploadContentType(file.mimetype, fileName), file.data);
    const pathId = newPathId(actor.realmId, sanitizeFileName(fileName));

    // Zulip's maybe_thumbnail: an upload that says it is an image and whose header reads as one.
    const image = mayBeThumbnailed(contentType) ? await readImageHeader(file.data) : null;
    await this.store.put(storageKey(pathId), file.data);
    let attachmentId = 0;
    try {
      await this.tx.run(async () => {
        const attachment = await this.attachments.insert({
          realmId: actor.realmId,
          ownerId: actor.id,
          fileName,
          pathId,
          contentType,
          size: file.data.length,
        }, image);
        attachmentId = attachment.id;
        const [view] = await this.views.of([attachment]);
        const used = await this.attachments.usedSpace(actor.realmId);
        this.database.record(new AttachmentChangedEvent(actor.realmId, actor.id, 'add', view, used));
      });
    } catch (error) {
      await this.store.remove(storageKey(pathId));
      throw error;
    }
    if (image) this.thumbnails.wake(attachmentId);
    return { url: `/user_uploads/${pathId}`, filename: fileName };
  }
}
