import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';

/** A saved snippet's row. */
export interface SavedSnippetRow {
  id: number;
  title: string;
  content: string;
  dateCreated: Date;
}

function toRow(row: { id: number; title: string; content: string; date_created: Date | string }): SavedSnippetRow {
  return { id: row.id, title: row.title, content: row.content, dateCreated: new Date(row.date_created) };
}

const COLUMNS = 'id, title, content, date_created';

/** A user's rows of `saved_snippet`. */
@Injectable()
export class SavedSnippetStore {
  constructor(private readonly database: Database) {}

  /** Every snippet of the user, oldest first (Zulip's unordered query reads them in id order). */
  async list(userId: number): Promise<SavedSnippetRow[]> {
    const rows = await this.database.query<{ id: number; title: string; content: string; date_created: Date | string }>(
      `SELECT ${COLUMNS} FROM saved_snippet WHERE user_profile_id = $1 ORDER BY id`,
      [userId],
    );
    return rows.map(toRow);
  }

  async insert(realmId: number, userId: number, title: string, content: string): Promise<SavedSnippetRow> {
    const [row] = await this.database.query<{ id: number; title: string; content: string; date_created: Date | string }>(
      `INSERT INTO saved_snippet (realm_id, user_profile_id, title, content) VALUES ($1, $2, $3, $4) RETURNING ${COLUMNS}`,
      [realmId, userId, title, content],
    );
    return toRow(row);
  }

  /**
   * Changes the title, the content or both (null keeps it) of one of the user's snippets;
   * null when the user has no snippet of that id (another user's is as missing).
   */
  async update(userId: number, id: number, title: string | null, content: string | null): Promise<SavedSnippetRow | null> {
    // A SELECT around the UPDATE: TypeORM answers a bare UPDATE with [rows, count].
    const [row] = await this.database.query<{ id: number; title: string; content: string; date_created: Date | string }>(
      `WITH updated AS (
         UPDATE saved_snippet SET title = COALESCE($3, title), content = COALESCE($4, content)
          WHERE id = $1 AND user_profile_id = $2 RETURNING ${COLUMNS})
       SELECT ${COLUMNS} FROM updated`,
      [id, userId, title, content],
    );
    return row ? toRow(row) : null;
  }

  /** Whether the user had that snippet (and now has it no more). */
  async delete(userId: number, id: number): Promise<boolean> {
    const rows = await this.database.query(
      `WITH deleted AS (DELETE FROM saved_snippet WHERE id = $1 AND user_profile_id = $2 RETURNING id) SELECT id FROM deleted`,
      [id, userId],
    );
    return rows.length > 0;
  }
}
