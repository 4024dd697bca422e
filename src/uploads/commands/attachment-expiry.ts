import { Injectable, Logger } from '@nestjs/common';
import { UploadStore } from '../../platform/storage/upload-store';
import { AttachmentChangedEvent } from '../events/attachment-events';
import { AttachmentRepository } from '../persistence/attachment.repository';
import { removeUploadFiles } from './upload-storage';
import { Database } from '../../platform/database/database';

/**
 * Uploads that go with the messages the retention job deletes (Zulip archives a message's
 * attachments with it and, once no message references one, removes it and its file). An
 * upload still linked from a surviving message stays; one no message ever linked is not
 * touched here.
 */
@Injectable()
export class AttachmentExpiry {
  private readonly logger = new Logger(AttachmentExpiry.name);

  constructor(
    private readonly attachments: AttachmentRepository,
    private readonly store: UploadStore,
    private readonly database: Database,
  ) {}

  /**
   * Runs `deleteMessages` (which deletes these messages) in the caller's transaction, then
   * deletes the uploads whose last linking message that was, each with an `attachment`
   * `remove` event to its owner. Answers their path ids: pass them to `removeFiles` once
   * the transaction committed (a rollback must not lose a file whose row stays).
   */
  async deleteWithMessages(messageIds: readonly number[], deleteMessages: () => Promise<void>): Promise<string[]> {
    // Read before the delete: the links go with the messages (ON DELETE CASCADE).
    const linked = await this.attachments.linkedToMessages(messageIds);
    await deleteMessages();
    const removed = await this.attachments.removeUnlinked(linked);
    const usedByRealm = new Map<number, number>();
    for (const attachment of removed) {
      let used = usedByRealm.get(attachment.realmId);
      if (used === undefined) {
        used = await this.attachments.usedSpace(attachment.realmId);
        usedByRealm.set(attachment.realmId, used);
      }
      this.database.record(new AttachmentChangedEvent(attachment.realmId, attachment.ownerId, 'remove', { id: attachment.id }, used));
    }
    return removed.map((attachment) => attachment.pathId);
  }

  /** The stored files of deleted uploads. A failure leaves a file no row names, logged; the sweep goes on. */
  async removeFiles(pathIds: readonly string[]): Promise<void> {
    for (const pathId of pathIds) {
      try {
        await removeUploadFiles(this.store, pathId);
      } catch (error) {
        this.logger.warn(`could not remove the file of expired upload ${pathId}: ${(error as Error).message}`);
      }
    }
  }
}
