import { Injectable, Logger } from '@nestjs/common';
import { TransactionRunner } from '../../platform/database/transaction-runner';
import { ImageHeader, makeThumbnail, readImageHeader } from '../../platform/storage/images';
import { UploadStore } from '../../platform/storage/upload-store';
import { ImageRepository, ImageRow } from '../persistence/image.repository';
import { rewriteThumbnailedImages, uploadPreviewOf } from '../public/image-previews';
import { MessageRenderingRewrites } from '../public/message-rendering.port';
import { ImageFacts, missingThumbnails, sameFormat, StoredThumbnail, ThumbnailFormat, thumbnailPath } from '../public/thumbnail-formats';
import { storageKey } from './upload-storage';

/** How long a claimed upload is left to its thumbnailer before another process may take it. */
export const THUMBNAIL_LEASE_SECONDS = 300;
/** How soon an upload whose file could not be read is tried again. */
export const MISSING_FILE_RETRY_SECONDS = 60;
/** How long after its upload a file that cannot be read is waited for before the image is forgotten. */
export const MISSING_FILE_PATIENCE_MS = 3600_000;

const CONTENT_TYPES: Readonly<Record<string, string>> = { webp: 'image/webp', png: 'image/png', jpeg: 'image/jpeg', gif: 'image/gif' };

/**
 * Zulip's thumbnail worker (ensure_thumbnails): makes an uploaded image's missing
 * thumbnails with sharp, stores them beside the upload, records them, and rewrites the
 * messages linking the image from spinner to thumbnail, with the rendering-only
 * `update_message` event, in the transaction that records them. The image is read and
 * scaled outside any transaction: only the final write holds the row, so a send that
 * links the image meanwhile either sees the thumbnails or is seen by the rewrite.
 */
@Injectable()
export class ImageThumbnailer {
  private readonly logger = new Logger(ImageThumbnailer.name);

  constructor(
    private readonly tx: TransactionRunner,
    private readonly images: ImageRepository,
    private readonly store: UploadStore,
    private readonly rewrites: MessageRenderingRewrites,
  ) {}

  /** One due upload, claimed for a lease and thumbnailed; false when none was due. */
  async step(): Promise<boolean> {
    const id = await this.tx.run(() => this.images.claimDue(THUMBNAIL_LEASE_SECONDS));
    if (id === null) return false;
    await this.ensure(id);
    return true;
  }

  /** Makes whatever thumbnails the upload lacks (none when it has them all) and settles it. */
  async ensure(attachmentId: number): Promise<void> {
    const row = await this.images.byId(attachmentId);
    if (!row) return;
    const data = await this.store.get(storageKey(row.pathId));
    if (!data) {
      await this.fileMissing(row);
      return;
    }
    const header: ImageHeader | null = row.image ?? (await readImageHeader(data));
    if (!header) {
      await this.giveUp(row, 'it is no image');
      return;
    }
    const facts: ImageFacts = { ...header, contentType: row.image?.contentType ?? row.contentType };
    const made: StoredThumbnail[] = [];
    for (const format of missingThumbnails(facts, row.thumbnails)) {
      try {
        const thumbnail = await makeThumbnail(data, header, format);
        await this.store.put(storageKey(thumbnailPath(row.pathId, format)), thumbnail.data);
        made.push({ ...format, contentType: CONTENT_TYPES[format.extension] ?? 'application/octet-stream', width: thumbnail.width, height: thumbnail.height, byteSize: thumbnail.data.length });
      } catch (error) {
        this.logger.warn(`could not thumbnail ${row.pathId} as ${format.maxWidth}x${format.maxHeight} ${format.extension}: ${(error as Error).message}`);
        if (made.length === 0 && row.thumbnails.length === 0) {
          await this.giveUp(row, 'it could not be decoded');
          return;
        }
        break;
      }
    }
    await this.settle(attachmentId, async (locked) => {
      if (!locked.image) await this.images.saveFacts(attachmentId, header);
      // Another thumbnailer (a request for a thumbnail not made yet) may have recorded some meanwhile.
      const thumbnails = [...locked.thumbnails, ...made.filter((one) => !locked.thumbnails.some((done) => sameFormat(done, one)))];
      await this.images.saveThumbnails(attachmentId, thumbnails);
      const preview = uploadPreviewOf(locked.pathId, facts, thumbnails);
      const previews = new Map([[locked.pathId, preview]]);
      return (html) => rewriteThumbnailedImages(html, previews).html;
    });
  }

  /** Stores one recorded thumbnail again from the upload (its file was lost); nothing when the upload is no image. */
  async remake(attachmentId: number, format: ThumbnailFormat): Promise<void> {
    const row = await this.images.byId(attachmentId);
    const data = row?.image ? await this.store.get(storageKey(row.pathId)) : null;
    if (!row?.image || !data) return;
    try {
      const thumbnail = await makeThumbnail(data, row.image, format);
      await this.store.put(storageKey(thumbnailPath(row.pathId, format)), thumbnail.data);
    } catch (error) {
      this.logger.warn(`could not thumbnail ${row.pathId} again: ${(error as Error).message}`);
    }
  }

  /**
   * A file that cannot be read is not yet a lost image: the processes of a deployment share
   * its storage (docs/operations.md, "Scaling out"), and a mount or an object store may fail
   * for a while. The upload is tried again soon, its messages keeping the spinner, as Zulip's
   * worker keeps the image when reading it fails; only a file missing for an hour after
   * its upload drops the image.
   */
  private async fileMissing(row: ImageRow): Promise<void> {
    if (Date.now() - row.uploadedAt.getTime() > MISSING_FILE_PATIENCE_MS) {
      await this.giveUp(row, 'its file is missing');
      return;
    }
    this.logger.warn(`${row.pathId} could not be read for its thumbnails; trying again in ${MISSING_FILE_RETRY_SECONDS} s`);
    await this.images.dueIn(row.id, MISSING_FILE_RETRY_SECONDS);
  }

  /** Zulip drops an image it cannot thumbnail: the upload is no image, and messages lose its preview. */
  private async giveUp(row: ImageRow, why: string): Promise<void> {
    this.logger.warn(`${row.pathId} is not thumbnailed: ${why}`);
    await this.settle(row.id, async () => {
      await this.images.forgetImage(row.id);
      const removed = new Set([row.pathId]);
      return (html) => rewriteThumbnailedImages(html, new Map(), removed).html;
    });
  }

  /**
   * One transaction: `change` records the outcome on the locked upload and answers how the
   * linking messages' HTML changes. The messages are locked before the upload, the order an
   * edit takes them in (its message, then the images it links); those linked meanwhile (a
   * send that held the image) are read again once the upload is locked.
   */
  private async settle(attachmentId: number, change: (locked: ImageRow) => Promise<(html: string) => string | null>): Promise<void> {
    await this.tx.run(async () => {
      await this.rewrites.rewrite(await this.images.linkingMessageIds(attachmentId), () => null);
      const locked = await this.images.lock(attachmentId);
      if (!locked) return;
      const rewrite = await change(locked);
      await this.rewrites.rewrite(await this.images.linkingMessageIds(attachmentId), rewrite);
    });
  }
}
