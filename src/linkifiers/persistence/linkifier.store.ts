import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { poolQueryable, Queryable, UnitOfWork } from '../../platform/database/unit-of-work';

/** A linkifier on the wire (spec 2.7; `realm_linkifiers`). */
export interface LinkifierWire {
  id: number;
  pattern: string;
  url_template: string;
}

/** The realm's linkifiers (Zulip's RealmFilter), in the order they apply. */
@Injectable()
export class LinkifierStore {
  constructor(private readonly dataSource: DataSource) {}

  async list(realmId: number, db: Queryable = poolQueryable(this.dataSource)): Promise<LinkifierWire[]> {
    return db.query<LinkifierWire>(
      `SELECT id, pattern, url_template FROM realm_filter WHERE realm_id = $1 ORDER BY "order", id`,
      [realmId],
    );
  }

  async exists(realmId: number, id: number, db: Queryable): Promise<boolean> {
    const rows = await db.query(`SELECT 1 FROM realm_filter WHERE realm_id = $1 AND id = $2 FOR UPDATE`, [realmId, id]);
    return rows.length > 0;
  }

  async patternTaken(realmId: number, pattern: string, exceptId: number | null, db: Queryable): Promise<boolean> {
    const rows = await db.query(`SELECT 1 FROM realm_filter WHERE realm_id = $1 AND pattern = $2 AND id IS DISTINCT FROM $3`, [
      realmId,
      pattern,
      exceptId,
    ]);
    return rows.length > 0;
  }

  /** Serializes the realm's linkifier changes (ordering and uniqueness read the whole set). */
  async lockRealm(uow: UnitOfWork, realmId: number): Promise<void> {
    await uow.query(`SELECT id FROM realm WHERE id = $1 FOR UPDATE`, [realmId]);
  }

  /** A new linkifier applies last. */
  async insert(uow: UnitOfWork, realmId: number, pattern: string, urlTemplate: string): Promise<number> {
    const [row] = await uow.query<{ id: number }>(
      `INSERT INTO realm_filter (realm_id, pattern, url_template, "order")
       VALUES ($1, $2, $3, COALESCE((SELECT max("order") + 1 FROM realm_filter WHERE realm_id = $1), 0))
       RETURNING id`,
      [realmId, pattern, urlTemplate],
    );
    return row.id;
  }

  async update(uow: UnitOfWork, id: number, pattern: string, urlTemplate: string): Promise<void> {
    await uow.query(`UPDATE realm_filter SET pattern = $2, url_template = $3 WHERE id = $1`, [id, pattern, urlTemplate]);
  }

  async delete(uow: UnitOfWork, id: number): Promise<void> {
    await uow.query(`DELETE FROM realm_filter WHERE id = $1`, [id]);
  }

  async ids(realmId: number, db: Queryable): Promise<number[]> {
    const rows = await db.query<{ id: number }>(`SELECT id FROM realm_filter WHERE realm_id = $1`, [realmId]);
    return rows.map((row) => row.id);
  }

  async setOrder(uow: UnitOfWork, realmId: number, orderedIds: readonly number[]): Promise<void> {
    await uow.query(
      `UPDATE realm_filter f SET "order" = o.ord - 1
         FROM unnest($2::int[]) WITH ORDINALITY AS o(id, ord)
        WHERE f.realm_id = $1 AND f.id = o.id`,
      [realmId, [...orderedIds]],
    );
  }

  async activeUserIds(realmId: number, db: Queryable): Promise<number[]> {
    const rows = await db.query<{ id: number }>(`SELECT id FROM user_profile WHERE realm_id = $1 AND is_active ORDER BY id`, [realmId]);
    return rows.map((row) => row.id);
  }
}

/**
 * The linkifiers of several realms, each realm's in order: for presenting messages'
 * `topic_links` (one small query per batch of messages).
 */
export async function linkifierRulesByRealm(
  db: Queryable,
  realmIds: readonly number[],
): Promise<Map<number, { pattern: string; urlTemplate: string }[]>> {
  const result = new Map<number, { pattern: string; urlTemplate: string }[]>();
  if (realmIds.length === 0) return result;
  const rows = await db.query<{ realm_id: number; pattern: string; url_template: string }>(
    `SELECT realm_id, pattern, url_template FROM realm_filter WHERE realm_id = ANY($1::int[]) ORDER BY realm_id, "order", id`,
    [[...new Set(realmIds)]],
  );
  for (const row of rows) {
    const list = result.get(row.realm_id) ?? [];
    list.push({ pattern: row.pattern, urlTemplate: row.url_template });
    result.set(row.realm_id, list);
  }
  return result;
}
