import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { contentFacts, factColumns } from '../domain/message-content-facts';

/** A message's stored rendering, read under a row lock. */
export interface RenderingRow {
  id: number;
  realmId: number;
  content: string;
  rendered: string;
}

/** SQL of rendering-only updates (thumbnails made); every method runs inside the caller's transaction. */
@Injectable()
export class MessageRenderingStore {
  constructor(private readonly database: Database) {}

  async lock(messageId: number): Promise<RenderingRow | null> {
    const [row] = await this.database.query<{ id: number; realm_id: number; content: string; rendered_content: string | null }>(
      `SELECT id, realm_id, content, rendered_content FROM message WHERE id = $1 FOR NO KEY UPDATE`,
      [messageId],
    );
    return row && row.rendered_content !== null ? { id: row.id, realmId: row.realm_id, content: row.content, rendered: row.rendered_content } : null;
  }

  /** The new rendering, and the content facts that follow from it (a removed preview may leave no image). */
  async store(messageId: number, content: string, rendered: string): Promise<void> {
    await this.database.query(
      `UPDATE message SET rendered_content = $2, has_link = $3, has_image = $4, has_attachment = $5 WHERE id = $1`,
      [messageId, rendered, ...factColumns(contentFacts(content, rendered))],
    );
  }
}
