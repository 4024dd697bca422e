import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { LinkifierRule } from '../public/apply-linkifiers';

/** A linkifier's row. */
export interface LinkifierRow {
  id: number;
  pattern: string;
  urlTemplate: string;
}

/** The realm's linkifiers (Zulip's RealmFilter), in the order they apply. */
@Injectable()
export class LinkifierStore {
  constructor(
    private readonly database: Database,
  ) {}

  async list(realmId: number): Promise<LinkifierRow[]> {
    const rows = await this.database.query<{ id: number; pattern: string; url_template: string }>(
      `SELECT id, pattern, url_template FROM realm_filter WHERE realm_id = $1 ORDER BY "order", id`,
      [realmId],
    );
    return rows.map((row) => ({ id: row.id, pattern: row.pattern, urlTemplate: row.url_template }));
  }

  /** The realm's rules as `topicLinks` and `findLinks` apply them, in order. */
  async rules(realmId: number): Promise<LinkifierRule[]> {
    const rows = await this.database.query<{ pattern: string; url_template: string }>(
      `SELECT pattern, url_template FROM realm_filter WHERE realm_id = $1 ORDER BY "order", id`,
      [realmId],
    );
    return rows.map((row) => ({ pattern: row.pattern, urlTemplate: row.url_template }));
  }

  async exists(realmId: number, id: number): Promise<boolean> {
    const rows = await this.database.query(`SELECT 1 FROM realm_filter WHERE realm_id = $1 AND id = $2 FOR UPDATE`, [realmId, id]);
    return rows.length > 0;
  }

  async patternTaken(realmId: number, pattern: string, exceptId: number | null): Promise<boolean> {
    const rows = await this.database.query(`SELECT 1 FROM realm_filter WHERE realm_id = $1 AND pattern = $2 AND id IS DISTINCT FROM $3`, [
      realmId,
      pattern,
      exceptId,
    ]);
    return rows.length > 0;
  }

  /** A new linkifier applies last. */
  async insert(realmId: number, pattern: string, urlTemplate: string): Promise<number> {
    const [row] = await this.database.query<{ id: number }>(
      `INSERT INTO realm_filter (realm_id, pattern, url_template, "order")
       VALUES ($1, $2, $3, COALESCE((SELECT max("order") + 1 FROM realm_filter WHERE realm_id = $1), 0))
       RETURNING id`,
      [realmId, pattern, urlTemplate],
    );
    return row.id;
  }

  async update(id: number, pattern: string, urlTemplate: string): Promise<void> {
    await this.database.query(`UPDATE realm_filter SET pattern = $2, url_template = $3 WHERE id = $1`, [id, pattern, urlTemplate]);
  }

  async delete(id: number): Promise<void> {
    await this.database.query(`DELETE FROM realm_filter WHERE id = $1`, [id]);
  }

  async ids(realmId: number): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(`SELECT id FROM realm_filter WHERE realm_id = $1`, [realmId]);
    return rows.map((row) => row.id);
  }

  async setOrder(realmId: number, orderedIds: readonly number[]): Promise<void> {
    await this.database.query(
      `UPDATE realm_filter f SET "order" = o.ord - 1
         FROM unnest($2::int[]) WITH ORDINALITY AS o(id, ord)
        WHERE f.realm_id = $1 AND f.id = o.id`,
      [realmId, [...orderedIds]],
    );
  }
}
