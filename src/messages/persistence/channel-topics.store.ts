import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';

/** The topics of a channel, read from its messages. */
@Injectable()
export class ChannelTopicsStore {
  constructor(private readonly database: Database) {}

  /**
   * A channel's topics, newest first, each named as its newest message spells it; with
   * `onlyHeldBy`, only the messages that user has a row of count.
   */
  topics(recipientId: number | null, onlyHeldBy: number | null): Promise<{ name: string; max_id: number }[]> {
    return this.database.query<{ name: string; max_id: number }>(
      `SELECT m.subject AS name, t.max_id
         FROM (SELECT max(m.id) AS max_id FROM message m
                WHERE m.recipient_id = $1
                  AND ($2::int IS NULL OR EXISTS (
                        SELECT 1 FROM user_message um WHERE um.message_id = m.id AND um.user_profile_id = $2))
                GROUP BY lower(m.subject)) t
         JOIN message m ON m.id = t.max_id
        ORDER BY t.max_id DESC`,
      [recipientId, onlyHeldBy],
    );
  }
}
