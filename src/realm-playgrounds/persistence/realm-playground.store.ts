import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { PlaygroundFields } from '../domain/playground-rules';

/** A code playground's row. */
export interface RealmPlaygroundRow {
  id: number;
  name: string;
  pygmentsLanguage: string;
  urlTemplate: string;
}

/** The realm's rows of `realm_playground` (Zulip's RealmPlayground). */
@Injectable()
export class RealmPlaygroundStore {
  constructor(private readonly database: Database) {}

  /** In the order they were added (Zulip's unordered query reads them in id order). */
  async list(realmId: number): Promise<RealmPlaygroundRow[]> {
    const rows = await this.database.query<{ id: number; name: string; pygments_language: string; url_template: string }>(
      `SELECT id, name, pygments_language, url_template FROM realm_playground WHERE realm_id = $1 ORDER BY id`,
      [realmId],
    );
    return rows.map((row) => ({ id: row.id, name: row.name, pygmentsLanguage: row.pygments_language, urlTemplate: row.url_template }));
  }

  async taken(realmId: number, pygmentsLanguage: string, name: string): Promise<boolean> {
    const rows = await this.database.query(
      `SELECT 1 FROM realm_playground WHERE realm_id = $1 AND pygments_language = $2 AND name = $3`,
      [realmId, pygmentsLanguage, name],
    );
    return rows.length > 0;
  }

  /** The new playground's id, or null when another (racing) insert took its language and name. */
  async insert(realmId: number, fields: PlaygroundFields): Promise<number | null> {
    const [row] = await this.database.query<{ id: number }>(
      `INSERT INTO realm_playground (realm_id, name, pygments_language, url_template) VALUES ($1, $2, $3, $4)
       ON CONFLICT (realm_id, pygments_language, name) DO NOTHING RETURNING id`,
      [realmId, fields.name, fields.pygmentsLanguage, fields.urlTemplate],
    );
    return row ? row.id : null;
  }

  /** Whether the realm had that playground (and now has it no more). */
  async delete(realmId: number, id: number): Promise<boolean> {
    const rows = await this.database.query(
      `WITH deleted AS (DELETE FROM realm_playground WHERE id = $1 AND realm_id = $2 RETURNING id) SELECT id FROM deleted`,
      [id, realmId],
    );
    return rows.length > 0;
  }
}
