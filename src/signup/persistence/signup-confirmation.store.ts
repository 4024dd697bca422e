import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';

function keyHash(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A self-sign-up link as stored. */
export interface SignupConfirmationRow {
  id: number;
  realmId: number;
  email: string;
  expiresAt: Date;
  usedAt: Date | null;
}

interface Row {
  id: number;
  realm_id: number;
  email: string;
  expires_at: Date | string;
  used_at: Date | string | null;
}

function toRow(row: Row): SignupConfirmationRow {
  return {
    id: row.id,
    realmId: row.realm_id,
    email: row.email,
    expiresAt: new Date(row.expires_at),
    usedAt: row.used_at === null ? null : new Date(row.used_at),
  };
}

/** The `signup_confirmation` table: only each key's SHA-256 is kept. */
@Injectable()
export class SignupConfirmationStore {
  constructor(private readonly database: Database) {}

  async insert(realmId: number, email: string, key: string, validMinutes: number): Promise<void> {
    await this.database.query(
      `INSERT INTO signup_confirmation (realm_id, email, key_hash, expires_at) VALUES ($1, $2, $3, now() + make_interval(mins => $4))`,
      [realmId, email, keyHash(key), validMinutes],
    );
  }

  /** The link a key names, whatever its state; inside a transaction `lock` holds it until the commit. */
  async findByKey(key: string, lock = false): Promise<SignupConfirmationRow | null> {
    const [row] = await this.database.query<Row>(
      `SELECT id, realm_id, email, expires_at, used_at FROM signup_confirmation WHERE key_hash = $1${lock ? ' FOR UPDATE' : ''}`,
      [keyHash(key)],
    );
    return row ? toRow(row) : null;
  }

  async markUsed(id: number, userId: number): Promise<void> {
    await this.database.query(`UPDATE signup_confirmation SET used_at = now(), created_user_id = $2 WHERE id = $1`, [id, userId]);
  }

  /** Zulip's `revoke_preregistration_users`: the address's other pending links in the realm stop working. */
  async spendOthers(realmId: number, email: string, exceptId: number): Promise<void> {
    await this.database.query(
      `UPDATE signup_confirmation SET used_at = now() WHERE realm_id = $1 AND lower(email) = lower($2) AND id <> $3 AND used_at IS NULL`,
      [realmId, email, exceptId],
    );
  }
}
