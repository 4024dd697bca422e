import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { UploadStore } from '../../platform/storage/upload-store';
import { ApiError } from '../../shared/api-error';
import { Actor } from '../../shared/actor';
import { AttachmentChangedEvent } from '../events/attachment-events';
import { AttachmentRepository } from '../persistence/attachment.repository';
import { removeUploadFiles } from './upload-storage';
import { Database } from '../../platform/database/database';

/** `DELETE /attachments/{attachment_id}`. */
export class DeleteAttachmentCommand {
  constructor(
    readonly actor: Actor,
    readonly attachmentId: number,
  ) {}
}

/**
 * Zulip's remove_attachment: only the uploader's own file ("Invalid attachment" otherwise,
 * missing or not); messages linking it keep their text. The file goes once the row has.
 */
@CommandHandler(DeleteAttachmentCommand)
export class DeleteAttachmentHandler implements ICommandHandler<DeleteAttachmentCommand, void> {
  constructor(
    private readonly tx: TransactionRunner,
    private readonly attachments: AttachmentRepository,
    private readonly store: UploadStore,
    private readonly database: Database,
  ) {}

  async execute(command: DeleteAttachmentCommand): Promise<void> {
    const { actor, attachmentId } = command;
    const pathId = await this.tx.run(async () => {
      const attachment = attachmentId > 0 && attachmentId <= 2_147_483_647
        ? await this.attachments.lockOwned(attachmentId, actor.id)
        : null;
      if (!attachment) throw ApiError.badRequest('Invalid attachment');
      await this.attachments.remove(attachment.id);
      const used = await this.attachments.usedSpace(actor.realmId);
      this.database.record(new AttachmentChangedEvent(actor.realmId, actor.id, 'remove', { id: attachment.id }, used));
      return attachment.pathId;
    });
    await removeUploadFiles(this.store, pathId);
  }
}
