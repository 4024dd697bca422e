import { Injectable } from '@nestjs/common';
import { ImageRepository } from '../persistence/image.repository';
import { rewriteThumbnailedImages, UploadPreview, uploadPreviewOf } from '../public/image-previews';

/**
 * Zulip's get_user_upload_previews: how message HTML previews the realm's uploaded images,
 * for the renderer, and the send path's second look once the message holds its uploads.
 */
@Injectable()
export class UploadPreviewReader {
  constructor(private readonly images: ImageRepository) {}

  /**
   * The previews of those of `pathIds` that are images of the realm (an upload missing here
   * is no image: its link gets no preview). `lock`: each image row is held until the
   * transaction ends, so a thumbnailer cannot record thumbnails unseen meanwhile.
   */
  async previews(realmId: number, pathIds: readonly string[], lock = false): Promise<Map<string, UploadPreview>> {
    const rows = await this.images.images(realmId, pathIds, lock);
    const previews = new Map<string, UploadPreview>();
    for (const row of rows) if (row.image) previews.set(row.pathId, uploadPreviewOf(row.pathId, row.image, row.thumbnails));
    return previews;
  }

  /**
   * For a message being stored or edited (inside its transaction, which claims its uploads):
   * the spinners whose thumbnails were made since it was rendered become thumbnails, as
   * Zulip's do_send_messages rewrites them. The image rows stay locked until the commit, so
   * a thumbnailer finishing later waits, then finds this message among the linking ones.
   */
  async refreshSpinners(realmId: number, html: string): Promise<string | null> {
    if (!html.includes('image-loading-placeholder')) return null;
    const { waiting } = rewriteThumbnailedImages(html, new Map());
    if (waiting.size === 0) return null;
    return rewriteThumbnailedImages(html, await this.previews(realmId, [...waiting], true)).html;
  }
}
