import { Injectable } from '@nestjs/common';
import { CustomEmojiRef } from '../public/emoji-rules';
import { Database } from '../../platform/database/database';

export interface RealmEmojiRow {
  id: number;
  realmId: number;
  name: string;
  authorId: number | null;
  fileName: string | null;
  isAnimated: boolean;
  deactivated: boolean;
}

function toRow(row: Record<string, unknown>): RealmEmojiRow {
  return {
    id: row.id as number,
    realmId: row.realm_id as number,
    name: row.name as string,
    authorId: (row.author_id as number | null) ?? null,
    fileName: (row.file_name as string | null) ?? null,
    isAnimated: row.is_animated as boolean,
    deactivated: row.deactivated as boolean,
  };
}

/** Custom emoji rows, always scoped to one realm. */
@Injectable()
export class RealmEmojiRepository {
  constructor(
    private readonly database: Database,
  ) {}

  async listAll(realmId: number): Promise<RealmEmojiRow[]> {
    const rows = await this.database.query<Record<string, unknown>>(`SELECT * FROM realm_emoji WHERE realm_id = $1 ORDER BY id`, [realmId]);
    return rows.map(toRow);
  }

  /** What emoji checks need: every custom emoji of the realm, by id as a string. */
  async refsById(realmId: number): Promise<Map<string, CustomEmojiRef>> {
    const rows = await this.database.query<CustomEmojiRef>(`SELECT id, name, deactivated FROM realm_emoji WHERE realm_id = $1`, [realmId]);
    return new Map(rows.map((row) => [String(row.id), row]));
  }

  /** The realm's active custom emoji of these names, with the file each shows. */
  async activeImages(realmId: number, names: readonly string[]): Promise<{ name: string; fileName: string | null }[]> {
    const rows = await this.database.query<{ name: string; file_name: string | null }>(
      `SELECT name, file_name FROM realm_emoji WHERE realm_id = $1 AND NOT deactivated AND name = ANY($2::text[])`,
      [realmId, names],
    );
    return rows.map((row) => ({ name: row.name, fileName: row.file_name }));
  }

  async findActiveByName(
    realmId: number,
    name: string,
    lock = false,
  ): Promise<RealmEmojiRow | null> {
    const [row] = await this.database.query<Record<string, unknown>>(
      `SELECT * FROM realm_emoji WHERE realm_id = $1 AND name = $2 AND NOT deactivated${lock ? ' FOR UPDATE' : ''}`,
      [realmId, name],
    );
    return row ? toRow(row) : null;
  }

  /** Inserts an active emoji; null when an active one of that name appeared meanwhile. */
  async insert(
    emoji: { realmId: number; name: string; authorId: number; isAnimated: boolean },
  ): Promise<RealmEmojiRow | null> {
    const rows = await this.database.query<Record<string, unknown>>(
      `INSERT INTO realm_emoji (realm_id, name, author_id, is_animated) VALUES ($1, $2, $3, $4)
       ON CONFLICT (realm_id, name) WHERE NOT deactivated DO NOTHING
       RETURNING *`,
      [emoji.realmId, emoji.name, emoji.authorId, emoji.isAnimated],
    );
    return rows[0] ? toRow(rows[0]) : null;
  }

  async setFileName(id: number, fileName: string): Promise<void> {
    await this.database.query(`UPDATE realm_emoji SET file_name = $2 WHERE id = $1`, [id, fileName]);
  }

  async deactivate(id: number): Promise<void> {
    await this.database.query(`UPDATE realm_emoji SET deactivated = true WHERE id = $1`, [id]);
  }
}
