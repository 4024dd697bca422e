import { DataSource } from 'typeorm';
import { loadConfig } from './src/platform/config/app-config';
import { dataSourceOptions } from './src/platform/database/data-source-options';
import { EmbeddedPostgres } from './src/platform/database/embedded-postgres';
import { DATABASE_ENTITIES } from './src/database-entities';

/**
 * The DataSource TypeORM's own CLI uses, on the database the server would use: PostgreSQL
 * at `DATABASE_URL`, else the embedded database in `DATA_DIR` (which the server must not
 * have open meanwhile). Compiled to `dist-ormconfig/ormconfig.js` by `npm run typeorm`:
 *
 *   npm run typeorm -- migration:generate -d dist-ormconfig/ormconfig.js src/platform/database/migrations/Name
 *
 * writes a migration of what the entities (src/database-entities.ts) have that the database
 * lacks. `npm run schema:check` (part of `npm run lint`) keeps that empty on a freshly
 * migrated database: the entities describe exactly what the migrations create.
 */
export default openDataSource();

async function openDataSource(): Promise<DataSource> {
  const { database } = loadConfig();
  if (database.url !== undefined) return new DataSource(dataSourceOptions({ url: database.url }, 2, DATABASE_ENTITIES));
  const embedded = await EmbeddedPostgres.start(database.dataDir);
  const dataSource = new DataSource(dataSourceOptions(embedded.connection, 2, DATABASE_ENTITIES));
  // The CLI destroys the data source when it is done: the embedded database goes with it,
  // or its socket would keep the process alive.
  const destroy = dataSource.destroy.bind(dataSource);
  dataSource.destroy = async () => {
    try {
      await destroy();
    } finally {
      await embedded.stop();
    }
  };
  return dataSource;
}
