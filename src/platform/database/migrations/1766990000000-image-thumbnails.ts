import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zulip's ImageAttachment, kept on the upload's own row: an uploaded image's displayed
 * size and frames (null when the upload is no image), the thumbnails made of it (JSON,
 * `[]` until the first), and when it is due to be thumbnailed (null when nothing is
 * pending). Uploads stored before this look like images by type only, so they are due at
 * once: the thumbnailer reads their header first.
 */
export class ImageThumbnails1766990000000 implements MigrationInterface {
  name = 'ImageThumbnails1766990000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE attachment
        ADD COLUMN image_width integer NULL,
        ADD COLUMN image_height integer NULL,
        ADD COLUMN image_frames integer NULL,
        ADD COLUMN thumbnail_metadata jsonb NULL,
        ADD COLUMN thumbnail_due_at timestamptz NULL`);
    await q.query(`CREATE INDEX attachment_thumbnail_due ON attachment (thumbnail_due_at) WHERE thumbnail_due_at IS NOT NULL`);
    await q.query(`
      UPDATE attachment SET thumbnail_due_at = now()
       WHERE lower(split_part(content_type, ';', 1)) IN
             ('image/avif', 'image/gif', 'image/heic', 'image/jpeg', 'image/png', 'image/tiff', 'image/webp', 'image/svg+xml')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX attachment_thumbnail_due`);
    await q.query(`
      ALTER TABLE attachment
        DROP COLUMN image_width, DROP COLUMN image_height, DROP COLUMN image_frames,
        DROP COLUMN thumbnail_metadata, DROP COLUMN thumbnail_due_at`);
  }
}
