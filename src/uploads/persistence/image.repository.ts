import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { ImageFacts, StoredThumbnail } from '../public/thumbnail-formats';

/** An upload read as an image: its facts and the thumbnails made so far. */
export interface ImageRow {
  id: number;
  realmId: number;
  pathId: string;
  contentType: string;
  uploadedAt: Date;
  /** Null for an upload whose header was never read (stored before thumbnails existed). */
  image: ImageFacts | null;
  thumbnails: StoredThumbnail[];
}

/** `thumbnail_metadata` holds Zulip's StoredThumbnailFormat fields. */
interface StoredThumbnailJson {
  extension: string;
  max_width: number;
  max_height: number;
  animated: boolean;
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
}

interface ImageRaw {
  id: number;
  realm_id: number;
  path_id: string;
  content_type: string;
  create_time: Date;
  image_width: number | null;
  image_height: number | null;
  image_frames: number | null;
  thumbnail_metadata: StoredThumbnailJson[] | null;
}

const IMAGE_COLUMNS = `a.id, a.realm_id, a.path_id, a.content_type, a.create_time, a.image_width, a.image_height, a.image_frames, a.thumbnail_metadata`;

function toImageRow(raw: ImageRaw): ImageRow {
  const image = raw.image_width === null || raw.image_height === null || raw.image_frames === null
    ? null
    : { width: raw.image_width, height: raw.image_height, frames: raw.image_frames, contentType: raw.content_type };
  const thumbnails = (raw.thumbnail_metadata ?? []).map((t) => ({
    extension: t.extension,
    maxWidth: t.max_width,
    maxHeight: t.max_height,
    animated: t.animated,
    contentType: t.content_type,
    width: t.width,
    height: t.height,
    byteSize: t.byte_size,
  }));
  return {
    id: raw.id,
    realmId: raw.realm_id,
    pathId: raw.path_id,
    contentType: raw.content_type,
    uploadedAt: raw.create_time,
    image,
    thumbnails,
  };
}

function toJson(thumbnails: readonly StoredThumbnail[]): string {
  return JSON.stringify(thumbnails.map((t): StoredThumbnailJson => ({
    extension: t.extension,
    max_width: t.maxWidth,
    max_height: t.maxHeight,
    animated: t.animated,
    content_type: t.contentType,
    width: t.width,
    height: t.height,
    byte_size: t.byteSize,
  })));
}

/**
 * Uploaded images and their thumbnails (Zulip's ImageAttachment, kept in `attachment`'s
 * image columns). A row with `thumbnail_due_at` set waits for the thumbnailer; a claim
 * moves it a lease ahead, so a process that dies while thumbnailing leaves it due again.
 */
@Injectable()
export class ImageRepository {
  constructor(private readonly database: Database) {}

  /** The realm's uploads among `pathIds` that are images. `lock`: held against a thumbnailer's change until the transaction ends. */
  async images(realmId: number, pathIds: readonly string[], lock = false): Promise<ImageRow[]> {
    if (pathIds.length === 0) return [];
    const rows = await this.database.query<ImageRaw>(
      `SELECT ${IMAGE_COLUMNS} FROM attachment a
        WHERE a.realm_id = $1 AND a.path_id = ANY($2::text[]) AND a.image_width IS NOT NULL
        ORDER BY a.id${lock ? ' FOR SHARE' : ''}`,
      [realmId, [...pathIds]],
    );
    return rows.map(toImageRow);
  }

  async byPathId(pathId: string): Promise<ImageRow | null> {
    const [raw] = await this.database.query<ImageRaw>(`SELECT ${IMAGE_COLUMNS} FROM attachment a WHERE a.path_id = $1`, [pathId]);
    return raw ? toImageRow(raw) : null;
  }

  async byId(attachmentId: number): Promise<ImageRow | null> {
    const [raw] = await this.database.query<ImageRaw>(`SELECT ${IMAGE_COLUMNS} FROM attachment a WHERE a.id = $1`, [attachmentId]);
    return raw ? toImageRow(raw) : null;
  }

  async anyDue(): Promise<boolean> {
    const [row] = await this.database.query<{ due: boolean }>(
      `SELECT EXISTS (SELECT 1 FROM attachment WHERE thumbnail_due_at <= now()) AS due`,
    );
    return row?.due === true;
  }

  /** Takes the longest-waiting due upload for `leaseSeconds` (others skip it); null when none is due. */
  async claimDue(leaseSeconds: number): Promise<number | null> {
    const [row] = await this.database.query<{ id: number }>(
      `WITH claimed AS (
         UPDATE attachment SET thumbnail_due_at = now() + make_interval(secs => $1)
          WHERE id = (SELECT id FROM attachment WHERE thumbnail_due_at <= now()
                       ORDER BY thumbnail_due_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
          RETURNING id)
       SELECT id FROM claimed`,
      [leaseSeconds],
    );
    return row?.id ?? null;
  }

  /** Due again in `seconds` (a claim's lease would make it wait longer). */
  async dueIn(attachmentId: number, seconds: number): Promise<void> {
    await this.database.query(`UPDATE attachment SET thumbnail_due_at = now() + make_interval(secs => $2) WHERE id = $1`, [attachmentId, seconds]);
  }

  /** The upload's image columns, locked until the transaction ends; null when it is gone. */
  async lock(attachmentId: number): Promise<ImageRow | null> {
    const [raw] = await this.database.query<ImageRaw>(`SELECT ${IMAGE_COLUMNS} FROM attachment a WHERE a.id = $1 FOR UPDATE`, [attachmentId]);
    return raw ? toImageRow(raw) : null;
  }

  /** An upload stored before thumbnails existed, read now: its header, no thumbnails yet. */
  async saveFacts(attachmentId: number, facts: { width: number; height: number; frames: number }): Promise<void> {
    await this.database.query(
      `UPDATE attachment SET image_width = $2, image_height = $3, image_frames = $4, thumbnail_metadata = '[]'::jsonb WHERE id = $1`,
      [attachmentId, facts.width, facts.height, facts.frames],
    );
  }

  /** The thumbnails made; nothing is pending any more. */
  async saveThumbnails(attachmentId: number, thumbnails: readonly StoredThumbnail[]): Promise<void> {
    await this.database.query(`UPDATE attachment SET thumbnail_metadata = $2::jsonb, thumbnail_due_at = NULL WHERE id = $1`, [
      attachmentId,
      toJson(thumbnails),
    ]);
  }

  /** Zulip deletes the ImageAttachment of an image it cannot thumbnail: the upload is no image from now on. */
  async forgetImage(attachmentId: number): Promise<void> {
    await this.database.query(
      `UPDATE attachment SET image_width = NULL, image_height = NULL, image_frames = NULL, thumbnail_metadata = NULL, thumbnail_due_at = NULL
        WHERE id = $1`,
      [attachmentId],
    );
  }

  /** The messages that link an upload, in id order. */
  async linkingMessageIds(attachmentId: number): Promise<number[]> {
    const rows = await this.database.query<{ message_id: number }>(
      `SELECT message_id FROM attachment_messages WHERE attachment_id = $1 ORDER BY message_id`,
      [attachmentId],
    );
    return rows.map((row) => row.message_id);
  }
}
