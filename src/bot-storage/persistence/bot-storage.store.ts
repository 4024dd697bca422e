import { Injectable } from '@nestjs/common';
import { StorageEntry } from '../domain/bot-storage-rules';
import { Database } from '../../platform/database/database';

/** The sizes the limit check needs, in characters (PostgreSQL's `length`, as Zulip's `Length`). */
export interface StorageSizes {
  /** Every key and value the user keeps. */
  current: number;
  /** What the keys about to be written hold now. */
  replaced: number;
}

/** A user's rows of `bot_storage_data`. */
@Injectable()
export class BotStorageStore {
  constructor(private readonly database: Database) {}

  /** The user's entries, all of them or those of `keys`, in the order they were first stored. */
  async entries(userId: number, keys: readonly string[] | null): Promise<StorageEntry[]> {
    const rows = await this.database.query<{ key: string; value: string }>(
      `SELECT key, value FROM bot_storage_data
        WHERE bot_profile_id = $1 AND ($2::text[] IS NULL OR key = ANY($2::text[])) ORDER BY id`,
      [userId, keys],
    );
    return rows.map((row) => [row.key, row.value]);
  }

  async sizes(userId: number, keys: readonly string[]): Promise<StorageSizes> {
    const [row] = await this.database.query<{ current: string; replaced: string }>(
      `SELECT COALESCE(SUM(length(key) + length(value)), 0)::text AS current,
              COALESCE(SUM(length(key) + length(value)) FILTER (WHERE key = ANY($2::text[])), 0)::text AS replaced
         FROM bot_storage_data WHERE bot_profile_id = $1`,
      [userId, keys],
    );
    return { current: Number(row.current), replaced: Number(row.replaced) };
  }

  /**
   * Stores the entries, overwriting the keys the user has. One statement: the update sees
   * the rows as they were, so the insert's check finds the keys it must leave alone.
   */
  async put(userId: number, entries: readonly StorageEntry[]): Promise<void> {
    await this.database.query(
      `WITH entry AS (SELECT * FROM unnest($2::text[], $3::text[]) AS e(key, value)),
            updated AS (
              UPDATE bot_storage_data d SET value = entry.value FROM entry
               WHERE d.bot_profile_id = $1 AND d.key = entry.key RETURNING d.key)
       INSERT INTO bot_storage_data (bot_profile_id, key, value)
       SELECT $1, entry.key, entry.value FROM entry WHERE entry.key NOT IN (SELECT key FROM updated)`,
      [userId, entries.map(([key]) => key), entries.map(([, value]) => value)],
    );
  }

  /** How many of the user's rows hold one of `keys`. */
  async count(userId: number, keys: readonly string[]): Promise<number> {
    const [row] = await this.database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM bot_storage_data WHERE bot_profile_id = $1 AND key = ANY($2::text[])`,
      [userId, keys],
    );
    return row.count;
  }

  /** Removes the user's entries: all of them, or those of `keys`. */
  async remove(userId: number, keys: readonly string[] | null): Promise<void> {
    await this.database.query(`DELETE FROM bot_storage_data WHERE bot_profile_id = $1 AND ($2::text[] IS NULL OR key = ANY($2::text[]))`, [userId, keys]);
  }
}
