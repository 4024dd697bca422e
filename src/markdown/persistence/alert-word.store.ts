import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';

/** Each user's alert words, lower-cased, in the order they were added. */
@Injectable()
export class AlertWordStore {
  constructor(
    private readonly database: Database,
  ) {}

  async list(userId: number): Promise<string[]> {
    const rows = await this.database.query<{ word: string }>(`SELECT word FROM alert_word WHERE user_profile_id = $1 ORDER BY id`, [userId]);
    return rows.map((row) => row.word);
  }

  /** Adds the words not yet present; answers whether anything changed. */
  async add(user: { id: number; realmId: number }, words: readonly string[]): Promise<boolean> {
    if (words.length === 0) return false;
    const rows = await this.database.query<{ id: number }>(
      `WITH added AS (
         INSERT INTO alert_word (realm_id, user_profile_id, word)
         SELECT $1, $2, w FROM unnest($3::text[]) WITH ORDINALITY AS t(w, n) ORDER BY n
         ON CONFLICT (user_profile_id, word) DO NOTHING RETURNING id)
       SELECT id FROM added`,
      [user.realmId, user.id, words],
    );
    return rows.length > 0;
  }

  /** Removes the words present; answers whether anything changed. */
  async remove(userId: number, words: readonly string[]): Promise<boolean> {
    if (words.length === 0) return false;
    const rows = await this.database.query<{ id: number }>(
      `WITH removed AS (DELETE FROM alert_word WHERE user_profile_id = $1 AND word = ANY($2::text[]) RETURNING id)
       SELECT id FROM removed`,
      [userId, words],
    );
    return rows.length > 0;
  }
}
