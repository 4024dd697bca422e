import { Injectable } from '@nestjs/common';
import { RecipientType } from '../../shared/recipient-type';
import { Database } from '../../platform/database/database';
import { subscriptionRelation } from '../../channels/public/read-relations';
import { recipientRelation } from '../../users/public/read-relations';

/** A draft with its recipient: the recipient's type and type id, and a group DM's other members (ascending). */
export interface DraftRow {
  id: number;
  topic: string;
  content: string;
  lastEditTime: Date;
  recipientType: number | null;
  typeId: number | null;
  groupMembers: number[] | null;
}

/** A user's drafts. */
@Injectable()
export class DraftStore {
  constructor(private readonly database: Database) {}

  /** The user's drafts (or those of `ids`), oldest edit first. */
  async list(userId: number, ids: readonly number[] | null = null): Promise<DraftRow[]> {
    const rows = await this.database.query<{
      id: number; topic: string; content: string; last_edit_time: Date | string;
      recipient_type: number | null; type_id: number | null; group_members: number[] | null;
    }>(
      `SELECT d.id, d.topic, d.content, d.last_edit_time, r.type AS recipient_type, r.type_id,
              CASE WHEN r.type = $2 THEN ARRAY(
                SELECT s.user_profile_id FROM ${subscriptionRelation('s')}
                 WHERE s.recipient_id = r.id AND s.user_profile_id <> d.user_profile_id ORDER BY 1) END AS group_members
         FROM draft d LEFT JOIN ${recipientRelation('r')} ON r.id = d.recipient_id
        WHERE d.user_profile_id = $1 AND ($3::int[] IS NULL OR d.id = ANY($3::int[]))
        ORDER BY d.last_edit_time, d.id`,
      [userId, RecipientType.DirectMessageGroup, ids],
    );
    return rows.map((row) => ({
      id: row.id,
      topic: row.topic,
      content: row.content,
      lastEditTime: new Date(row.last_edit_time),
      recipientType: row.recipient_type,
      typeId: row.type_id,
      groupMembers: row.group_members,
    }));
  }

  /** A new draft's id. */
  async insert(userId: number, draft: { recipientId: number | null; topic: string; content: string; lastEditTime: Date }): Promise<number> {
    const [row] = await this.database.query<{ id: number }>(
      `INSERT INTO draft (user_profile_id, recipient_id, topic, content, last_edit_time) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [userId, draft.recipientId, draft.topic, draft.content, draft.lastEditTime],
    );
    return row.id;
  }

  /** Locks the user's draft for the transaction; false when the user has no such draft. */
  async lockOwn(userId: number, draftId: number): Promise<boolean> {
    const existing = await this.database.query(`SELECT id FROM draft WHERE id = $1 AND user_profile_id = $2 FOR UPDATE`, [draftId, userId]);
    return existing.length > 0;
  }

  async update(draftId: number, draft: { recipientId: number | null; topic: string; content: string; lastEditTime: Date }): Promise<void> {
    await this.database.query(`UPDATE draft SET recipient_id = $2, topic = $3, content = $4, last_edit_time = $5 WHERE id = $1`, [
      draftId, draft.recipientId, draft.topic, draft.content, draft.lastEditTime,
    ]);
  }

  async delete(draftId: number): Promise<void> {
    await this.database.query(`DELETE FROM draft WHERE id = $1`, [draftId]);
  }

  /** Every draft of the user. */
  async deleteAllOf(userId: number): Promise<void> {
    await this.database.query(`DELETE FROM draft WHERE user_profile_id = $1`, [userId]);
  }
}
