import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { RealmDomain } from '../public/realm-domains';

/** The realm's rows of `realm_domain` (Zulip's RealmDomain): lowercase domains, one row each. */
@Injectable()
export class RealmDomainStore {
  constructor(private readonly database: Database) {}

  /** In the order they were added (Zulip's `get_realm_domains` reads them in id order). */
  async list(realmId: number): Promise<RealmDomain[]> {
    const rows = await this.database.query<{ domain: string; allow_subdomains: boolean }>(
      `SELECT domain, allow_subdomains FROM realm_domain WHERE realm_id = $1 ORDER BY id`,
      [realmId],
    );
    return rows.map((row) => ({ domain: row.domain, allowSubdomains: row.allow_subdomains }));
  }

  /** The new row's id, or null when the realm has the domain already. */
  async insert(realmId: number, domain: string, allowSubdomains: boolean): Promise<number | null> {
    const [row] = await this.database.query<{ id: number }>(
      `INSERT INTO realm_domain (realm_id, domain, allow_subdomains) VALUES ($1, $2, $3)
       ON CONFLICT (realm_id, domain) DO NOTHING RETURNING id`,
      [realmId, domain, allowSubdomains],
    );
    return row ? row.id : null;
  }

  /** Whether the realm has exactly this domain (and it now allows subdomains or not). */
  async setAllowSubdomains(realmId: number, domain: string, allowSubdomains: boolean): Promise<boolean> {
    const rows = await this.database.query(
      `WITH changed AS (UPDATE realm_domain SET allow_subdomains = $3 WHERE realm_id = $1 AND domain = $2 RETURNING id)
       SELECT id FROM changed`,
      [realmId, domain, allowSubdomains],
    );
    return rows.length > 0;
  }

  /** Whether the realm had exactly this domain (and has it no more). */
  async delete(realmId: number, domain: string): Promise<boolean> {
    const rows = await this.database.query(
      `WITH deleted AS (DELETE FROM realm_domain WHERE realm_id = $1 AND domain = $2 RETURNING id) SELECT id FROM deleted`,
      [realmId, domain],
    );
    return rows.length > 0;
  }

  async count(realmId: number): Promise<number> {
    const [row] = await this.database.query<{ count: number }>(`SELECT count(*)::int AS count FROM realm_domain WHERE realm_id = $1`, [realmId]);
    return row.count;
  }

  /** Serializes the realm's domain changes with its settings' (the last domain's removal turns a setting off). */
  async lockRealm(realmId: number): Promise<Record<string, unknown>> {
    const [row] = await this.database.query<{ properties: Record<string, unknown> }>(`SELECT properties FROM realm WHERE id = $1 FOR UPDATE`, [realmId]);
    return row.properties;
  }

  /** Back to the default (off): the stored properties keep only what differs from the defaults. */
  async clearEmailsRestrictedToDomains(realmId: number): Promise<void> {
    await this.database.query(`UPDATE realm SET properties = properties - 'emails_restricted_to_domains' WHERE id = $1`, [realmId]);
  }
}
