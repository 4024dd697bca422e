import * as fs from 'node:fs';
import * as path from 'node:path';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DatabaseSettings } from '../config/settings';

/**
 * Which database this is, read once at start-up: what tells processes sharing a Redis
 * whether they also share the database (see RedisKeyspace).
 *
 * - `databaseId`: the random id the `database_identity` migration wrote. A dump restored
 *   elsewhere (staging made from production's backup) carries it along, so alone it cannot
 *   tell two deployments apart.
 * - `fingerprint`: what a restore does not copy. On PostgreSQL the cluster's system
 *   identifier (made by initdb; kept by a streaming replica and its failover, new after a
 *   dump is restored into another cluster or a `pg_upgrade`) and the database's OID (new for
 *   a database restored into the same cluster under another name). On the embedded
 *   database, its folder: the resolved path, inode and creation time of `DATA_DIR/pgdata`
 *   (a copied folder is a new folder; a container recreated on the same volume is not).
 */
export class DatabaseIdentity {
  constructor(
    readonly databaseId: string,
    readonly fingerprint: string,
  ) {}

  static async read(dataSource: DataSource, settings: Pick<DatabaseSettings, 'embedded' | 'dataDir'>): Promise<DatabaseIdentity> {
    const rows = (await dataSource.query(`SELECT database_id FROM database_identity`)) as { database_id: string }[];
    if (rows.length !== 1) throw new Error('database_identity holds no row: the database was not migrated');
    const fingerprint = settings.embedded ? embeddedFingerprint(settings.dataDir) : await clusterFingerprint(dataSource);
    return new DatabaseIdentity(rows[0].database_id, fingerprint);
  }
}

function embeddedFingerprint(dataDir: string): string {
  const folder = fs.realpathSync(path.join(dataDir, 'pgdata'));
  const stat = fs.statSync(folder, { bigint: true });
  return `embedded:${folder}:${stat.dev}:${stat.ino}:${stat.birthtimeNs}`;
}

async function clusterFingerprint(dataSource: DataSource): Promise<string> {
  const [{ oid }] = (await dataSource.query(`SELECT oid::text AS oid FROM pg_database WHERE datname = current_database()`)) as { oid: string }[];
  try {
    const [{ system }] = (await dataSource.query(`SELECT system_identifier::text AS system FROM pg_control_system()`)) as { system: string }[];
    return `postgresql:${system}:${oid}`;
  } catch (error) {
    // A hosted PostgreSQL may deny the function: the OID and the migration's row remain.
    new Logger('DatabaseIdentity').warn(
      `cannot read PostgreSQL's system identifier (${(error as Error).message}): a copy of this database restored into another cluster under the same OID shares its Redis keys unless DEPLOYMENT_ID differs`,
    );
    return `postgresql:unknown:${oid}`;
  }
}
