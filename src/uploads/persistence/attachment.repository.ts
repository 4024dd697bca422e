import { Injectable } from '@nestjs/common';
import { RecipientType } from '../../shared/recipient-type';
import { streamRelation, subscriptionRelation } from '../../channels/public/read-relations';
import { Database } from '../../platform/database/database';
import { recipientRelation } from '../../users/public/read-relations';
import { UploadMessageRelations } from '../public/messages.port';

export interface AttachmentRow {
  id: number;
  realmId: number;
  ownerId: number;
  fileName: string;
  pathId: string;
  contentType: string;
  size: number;
  createTime: Date;
}

/** What decides who may read an upload (Zulip's validate_attachment_request). */
export interface AttachmentAccessFacts {
  attachment: AttachmentRow;
  /** Linked from a message of a public channel (Zulip's is_realm_public). */
  realmPublic: boolean;
  /** Linked from a message of a web-public channel (Zulip's is_web_public). */
  webPublic: boolean;
  /** The user has a `user_message` row for a linking message. */
  received: boolean;
  /** The user is subscribed to a channel with shared history that a linking message was sent to. */
  subscribedWithHistory: boolean;
}

/** A message that links an upload: the link's attachment, the message and when it was sent. */
export interface AttachmentLink {
  attachmentId: number;
  messageId: number;
  dateSent: Date;
}

interface Raw {
  id: number;
  realm_id: number;
  owner_id: number;
  file_name: string;
  path_id: string;
  content_type: string;
  size: string | number;
  create_time: Date;
}

const COLUMNS = `a.id, a.realm_id, a.owner_id, a.file_name, a.path_id, a.content_type, a.size, a.create_time`;

function toRow(raw: Raw): AttachmentRow {
  return {
    id: raw.id,
    realmId: raw.realm_id,
    ownerId: raw.owner_id,
    fileName: raw.file_name,
    pathId: raw.path_id,
    contentType: raw.content_type,
    size: Number(raw.size),
    createTime: raw.create_time,
  };
}

/** JavaScript time of whole seconds, as Zulip's to_dict writes it. */
/** Uploaded message files and the messages that link them. */
@Injectable()
export class AttachmentRepository {
  constructor(
    private readonly database: Database,
    private readonly relations: UploadMessageRelations,
  ) {}

  /** A new upload; an image (its header read) is due to be thumbnailed at once. */
  async insert(
    values: { realmId: number; ownerId: number; fileName: string; pathId: string; contentType: string; size: number },
    image: { width: number; height: number; frames: number } | null = null,
  ): Promise<AttachmentRow> {
    const [raw] = await this.database.query<Raw>(
      `WITH a AS (
         INSERT INTO attachment (realm_id, owner_id, file_name, path_id, content_type, size,
                                 image_width, image_height, image_frames, thumbnail_metadata, thumbnail_due_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9,
                 CASE WHEN $7::integer IS NULL THEN NULL ELSE '[]'::jsonb END,
                 CASE WHEN $7::integer IS NULL THEN NULL ELSE now() END) RETURNING *)
       SELECT ${COLUMNS} FROM a`,
      [values.realmId, values.ownerId, values.fileName, values.pathId, values.contentType, values.size, image?.width ?? null, image?.height ?? null, image?.frames ?? null],
    );
    return toRow(raw);
  }

  async byPathId(pathId: string): Promise<AttachmentRow | null> {
    const [raw] = await this.database.query<Raw>(`SELECT ${COLUMNS} FROM attachment a WHERE a.path_id = $1`, [pathId]);
    return raw ? toRow(raw) : null;
  }

  /** The user's own attachment, locked for a change; null when missing or someone else's. */
  async lockOwned(attachmentId: number, ownerId: number): Promise<AttachmentRow | null> {
    const [raw] = await this.database.query<Raw>(
      `SELECT ${COLUMNS} FROM attachment a WHERE a.id = $1 AND a.owner_id = $2 FOR UPDATE`,
      [attachmentId, ownerId],
    );
    return raw ? toRow(raw) : null;
  }

  async remove(attachmentId: number): Promise<void> {
    await this.database.query(`DELETE FROM attachment WHERE id = $1`, [attachmentId]);
  }

  /** Zulip's currently_used_upload_space_bytes: every upload of the realm. */
  async usedSpace(realmId: number): Promise<number> {
    const [row] = await this.database.query<{ used: string | null }>(`SELECT sum(size) AS used FROM attachment WHERE realm_id = $1`, [realmId]);
    return Number(row?.used ?? 0);
  }

  /** The owner's uploads in id order. */
  async listOwned(ownerId: number): Promise<AttachmentRow[]> {
    const rows = await this.database.query<Raw>(`SELECT ${COLUMNS} FROM attachment a WHERE a.owner_id = $1 ORDER BY a.id`, [ownerId]);
    return rows.map(toRow);
  }

  /** The messages that link the uploads, in message id order. */
  async links(attachmentIds: readonly number[]): Promise<AttachmentLink[]> {
    if (attachmentIds.length === 0) return [];
    const rows = await this.database.query<{ attachment_id: number; message_id: number; date_sent: Date }>(
      `SELECT am.attachment_id, am.message_id, m.date_sent
         FROM attachment_messages am JOIN ${this.relations.message('m')} ON m.id = am.message_id
        WHERE am.attachment_id = ANY($1::int[]) ORDER BY am.message_id`,
      [[...attachmentIds]],
    );
    return rows.map((row) => ({ attachmentId: row.attachment_id, messageId: row.message_id, dateSent: row.date_sent }));
  }

  /** Everything validate_attachment_request looks at, in one query; null when no such upload. */
  async accessFacts(pathId: string, userId: number | null): Promise<AttachmentAccessFacts | null> {
    const [raw] = await this.database.query<Raw & { realm_public: boolean; web_public: boolean; received: boolean; via_history: boolean }>(
      `SELECT ${COLUMNS},
              EXISTS (SELECT 1 FROM attachment_messages am
                        JOIN ${this.relations.message('m')} ON m.id = am.message_id
                        JOIN ${recipientRelation('r')} ON r.id = m.recipient_id AND r.type = ${RecipientType.Stream}
                        JOIN ${streamRelation('s')} ON s.id = r.type_id
                       WHERE am.attachment_id = a.id AND NOT s.invite_only) AS realm_public,
              EXISTS (SELECT 1 FROM attachment_messages am
                        JOIN ${this.relations.message('m')} ON m.id = am.message_id
                        JOIN ${recipientRelation('r')} ON r.id = m.recipient_id AND r.type = ${RecipientType.Stream}
                        JOIN ${streamRelation('s')} ON s.id = r.type_id
                       WHERE am.attachment_id = a.id AND NOT s.invite_only AND s.is_web_public) AS web_public,
              EXISTS (SELECT 1 FROM attachment_messages am
                        JOIN ${this.relations.userMessage('um')} ON um.message_id = am.message_id AND um.user_profile_id = $2
                       WHERE am.attachment_id = a.id) AS received,
              EXISTS (SELECT 1 FROM attachment_messages am
                        JOIN ${this.relations.message('m')} ON m.id = am.message_id
                        JOIN ${recipientRelation('r')} ON r.id = m.recipient_id AND r.type = ${RecipientType.Stream}
                        JOIN ${streamRelation('s')} ON s.id = r.type_id AND s.history_public_to_subscribers
                        JOIN ${subscriptionRelation('sub')} ON sub.recipient_id = m.recipient_id AND sub.user_profile_id = $2 AND sub.active
                       WHERE am.attachment_id = a.id) AS via_history
         FROM attachment a WHERE a.path_id = $1`,
      [pathId, userId ?? 0],
    );
    if (!raw) return null;
    return {
      attachment: toRow(raw),
      realmPublic: raw.realm_public,
      webPublic: raw.web_public,
      received: raw.received,
      subscribedWithHistory: raw.via_history,
    };
  }

  /**
   * Locks an upload against deletion until the transaction ends (a retention sweep or
   * `DELETE /attachments` waits for the claim, then sees the link); false when it is gone.
   * Without it a deletion racing a claim could drop the new link with the upload.
   */
  async lockForLink(attachmentId: number): Promise<boolean> {
    const rows = await this.database.query(`SELECT id FROM attachment WHERE id = $1 FOR KEY SHARE`, [attachmentId]);
    return rows.length > 0;
  }

  /** The uploads any of these messages link, in id order. */
  async linkedToMessages(messageIds: readonly number[]): Promise<number[]> {
    if (messageIds.length === 0) return [];
    const rows = await this.database.query<{ attachment_id: number }>(
      `SELECT DISTINCT attachment_id FROM attachment_messages WHERE message_id = ANY($1::int[]) ORDER BY attachment_id`,
      [messageIds],
    );
    return rows.map((row) => row.attachment_id);
  }

  /**
   * Deletes those of these uploads that no message links any more, answering them. The rows
   * are locked first, in id order, so that a claim in flight (lockForLink) commits its link
   * before the check, which a later statement makes with a fresh snapshot.
   */
  async removeUnlinked(attachmentIds: readonly number[]): Promise<AttachmentRow[]> {
    if (attachmentIds.length === 0) return [];
    await this.database.query(`SELECT id FROM attachment WHERE id = ANY($1::int[]) ORDER BY id FOR UPDATE`, [attachmentIds]);
    const rows = await this.database.query<Raw>(
      `WITH a AS (
         DELETE FROM attachment d
          WHERE d.id = ANY($1::int[])
            AND NOT EXISTS (SELECT 1 FROM attachment_messages am WHERE am.attachment_id = d.id)
         RETURNING *)
       SELECT ${COLUMNS} FROM a ORDER BY a.id`,
      [attachmentIds],
    );
    return rows.map(toRow);
  }

  /** Links an upload to a message; false when it already was. */
  async link(attachmentId: number, messageId: number): Promise<boolean> {
    const rows = await this.database.query(
      `WITH added AS (
         INSERT INTO attachment_messages (attachment_id, message_id) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING attachment_id)
       SELECT attachment_id FROM added`,
      [attachmentId, messageId],
    );
    return rows.length > 0;
  }

  /** The path ids a message links now. */
  async linkedPathIds(messageId: number): Promise<string[]> {
    const rows = await this.database.query<{ path_id: string }>(
      `SELECT a.path_id FROM attachment_messages am JOIN attachment a ON a.id = am.attachment_id WHERE am.message_id = $1`,
      [messageId],
    );
    return rows.map((row) => row.path_id);
  }

  /** Unlinks uploads from a message; answers those of `ownerId` that no message links any more. */
  async unlink(messageId: number, pathIds: readonly string[], ownerId: number): Promise<AttachmentRow[]> {
    if (pathIds.length === 0) return [];
    await this.database.query(
      `DELETE FROM attachment_messages am USING attachment a
        WHERE am.attachment_id = a.id AND am.message_id = $1 AND a.path_id = ANY($2::text[])`,
      [messageId, pathIds],
    );
    const rows = await this.database.query<Raw>(
      `SELECT ${COLUMNS} FROM attachment a
        WHERE a.path_id = ANY($1::text[]) AND a.owner_id = $2
          AND NOT EXISTS (SELECT 1 FROM attachment_messages am WHERE am.attachment_id = a.id)
        ORDER BY a.id`,
      [pathIds, ownerId],
    );
    return rows.map(toRow);
  }
}
