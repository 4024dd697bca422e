import { Injectable } from '@nestjs/common';
import { directMessageGroupHash } from '../public/direct-message-group';
import { RecipientType } from '../../shared/recipient-type';
import { Database } from '../../platform/database/database';

/** Recipients of direct-message conversations. */
@Injectable()
export class ConversationRepository {
  constructor(private readonly database: Database) {}

  /** The recipient of a group DM among these users, created on first use. */
  async groupRecipient(userIds: readonly number[]): Promise<number> {
    const members = [...new Set(userIds)].sort((a, b) => a - b);
    const hash = directMessageGroupHash(members);
    const inserted = await this.database.query<{ id: number }>(
      `INSERT INTO direct_message_group (huddle_hash, group_size) VALUES ($1, $2)
       ON CONFLICT (huddle_hash) DO NOTHING RETURNING id`,
      [hash, members.length],
    );
    if (inserted.length > 0) {
      const [recipient] = await this.database.query<{ id: number }>(
        `INSERT INTO recipient (type, type_id) VALUES ($1, $2) RETURNING id`,
        [RecipientType.DirectMessageGroup, inserted[0].id],
      );
      await this.database.query(`UPDATE direct_message_group SET recipient_id = $1 WHERE id = $2`, [recipient.id, inserted[0].id]);
      await this.database.query(
        `INSERT INTO subscription (user_profile_id, recipient_id, active) SELECT unnest($1::int[]), $2, true`,
        [members, recipient.id],
      );
      return recipient.id;
    }
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
