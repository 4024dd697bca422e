import { DataSource } from 'typeorm';

/** Throws unless the database answers a query on a new or pooled connection (readiness). */
export async function probeDatabase(dataSource: DataSource): Promise<void> {
  await dataSource.query('SELECT 1');
}

/** The migrations the schema has had applied, oldest first. */
export async function appliedMigrations(dataSource: DataSource): Promise<string[]> {
  const rows = await dataSource.query<{ name: string }[]>(`SELECT name FROM typeorm_migrations ORDER BY id`);
  return rows.map((row) => row.name);
}
