import { DataSource } from 'typeorm';

/**
 * This database's random id (table `database_identity`, made by its migration), read once
 * at start-up: what tells processes sharing a Redis whether they also share the database.
 */
export class DatabaseIdentity {
  constructor(readonly id: string) {}

  static async read(dataSource: DataSource): Promise<DatabaseIdentity> {
    const rows = (await dataSource.query(`SELECT database_id FROM database_identity`)) as { database_id: string }[];
    if (rows.length !== 1) throw new Error('database_identity holds no row: the database was not migrated');
    return new DatabaseIdentity(rows[0].database_id);
  }
}
