import { DataSource } from 'typeorm';
import { dataSourceOptions } from './src/platform/database/data-source-options';

/**
 * The DataSource TypeORM's own CLI uses (for example to generate a migration against a
 * development PostgreSQL): `DATABASE_URL=postgres://... npx typeorm-ts-node-commonjs
 * migration:generate -d ormconfig.ts src/platform/database/migrations/Name`.
 * The server and `npm run migration:run` apply migrations themselves, on PostgreSQL and on
 * the embedded database alike.
 */
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export default new DataSource(dataSourceOptions({ url }, 2));
