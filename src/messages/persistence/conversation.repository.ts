import { Injectable } from '@nestjs/common';
import { directMessageGroupHash } from '../public/direct-message-group';
import { Database } from '../../platform/database/database';

/** Recipients of direct-message conversations. */
@Injectable()
export class ConversationRepository {
  constructor(private readonly database: Database) {}

  /** A new group DM's id, or null when the group (by its hash) exists already. */
  async insertGroup(hash: string, size: number): Promise<number | null> {
    const inserted = await this.database.query<{ id: number }>(
      `INSERT INTO direct_message_group (huddle_hash, group_size) VALUES ($1, $2)
       ON CONFLICT (huddle_hash) DO NOTHING RETURNING id`,
      [hash, size],
    );
    return inserted[0]?.id ?? null;
  }

  async setGroupRecipient(groupId: number, recipientId: number): Promise<void> {
    await this.database.query(`UPDATE direct_message_group SET recipient_id = $1 WHERE id = $2`, [recipientId, groupId]);
  }

  /** The recipient of the group DM with this hash (which exists). */
  async recipientByHash(hash: string): Promise<number> {
    const [existing] = await this.database.query<{ recipient_id: number }>(
      `SELECT recipient_id FROM direct_message_group WHERE huddle_hash = $1`,
      [hash],
    );
    return existing.recipient_id;
  }

  /** The recipient of an existing group DM, or null if these users never had one. */
  async findGroupRecipient(userIds: readonly number[]): Promise<number | null> {
    const [row] = await this.database.query<{ recipient_id: number }>(
      `SELECT recipient_id FROM direct_message_group WHERE huddle_hash = $1`,
      [directMessageGroupHash(userIds)],
    );
    return row?.recipient_id ?? null;
  }
}
