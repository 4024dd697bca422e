import { DynamicModule, Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule, TypeOrmModuleOptions } from '@nestjs/typeorm';
import { DataSource, DataSourceOptions } from 'typeorm';
import { DatabaseSettings } from '../config/settings';
import { EMBEDDED_MAX_CONNECTIONS, EmbeddedPostgres } from './embedded-postgres';
import { DatabaseEntities, dataSourceOptions } from './data-source-options';
import { CommitListeners } from './commit-listeners';
import { Database } from './database';
import { DatabaseIdentity } from './database-identity';
import { TransactionRunner } from './transaction-runner';
import { ConnectionBudget } from './connection-budget';
import { ConnectionRefusals } from './connection-refusals';

export const EMBEDDED_POSTGRES = Symbol('EMBEDDED_POSTGRES');

const EMBEDDED_POOL_SIZE = Math.min(16, EMBEDDED_MAX_CONNECTIONS);

/** Fixed key of the advisory lock that serializes migrations and first-start bootstrap. */
export const BOOTSTRAP_LOCK_KEY = 727_100_001;

@Injectable()
class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(EMBEDDED_POSTGRES) private readonly embedded: EmbeddedPostgres | null,
  ) {}

  /**
   * The data source first, then the database under it. TypeOrmModule destroys the data
   * source in its own shutdown hook too; whichever runs first does it, the other finds it
   * destroyed, so the embedded database never stops under open connections.
   */
  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    if (this.embedded) await this.embedded.stop();
  }
}

/** The embedded database when `DATABASE_URL` is unset: started before the data source needs it. */
@Module({
  providers: [
    {
      provide: EMBEDDED_POSTGRES,
      inject: [DatabaseSettings],
      useFactory: async (config: DatabaseSettings) =>
        config.url === undefined ? EmbeddedPostgres.start(config.dataDir) : null,
    },
  ],
  exports: [EMBEDDED_POSTGRES],
})
class EmbeddedDatabaseModule {}

/** Connects to PostgreSQL (or the embedded one) and brings its schema up to date before anything reads it. */
async function connectAndMigrate(options: DataSourceOptions | undefined): Promise<DataSource> {
  if (!options) throw new Error('TypeOrmModule gave no data source options');
  const dataSource = new DataSource(options);
  await dataSource.initialize();
  await runMigrations(dataSource);
  return dataSource;
}

/**
 * The database through `@nestjs/typeorm`: the DataSource (and its EntityManager) are
 * injectable everywhere, as TypeOrmModule provides them globally.
 */
@Global()
@Module({
  imports: [EmbeddedDatabaseModule],
  providers: [
    TransactionRunner,
    Database,
    CommitListeners,
    DatabaseLifecycle,
    ConnectionRefusals,
    ConnectionBudget,
    {
      provide: DatabaseIdentity,
      inject: [DataSource, DatabaseSettings],
      useFactory: (dataSource: DataSource, settings: DatabaseSettings) => DatabaseIdentity.read(dataSource, settings),
    },
  ],
  exports: [TransactionRunner, Database, CommitListeners, DatabaseIdentity, ConnectionRefusals, EmbeddedDatabaseModule],
})
export class DatabaseModule {
  /** The data source with these TypeORM entities: the composition root names them, as platform knows no module's tables. */
  static forRoot(entities: DatabaseEntities): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          imports: [EmbeddedDatabaseModule],
          inject: [DatabaseSettings, EMBEDDED_POSTGRES],
          useFactory: (config: DatabaseSettings, embedded: EmbeddedPostgres | null): TypeOrmModuleOptions => ({
            ...(embedded
              ? dataSourceOptions(embedded.connection, EMBEDDED_POOL_SIZE, entities)
              : dataSourceOptions({ url: config.url as string }, config.poolSize, entities)),
            // A failed start (unreachable database, failed migration) fails the process at
            // once, as before: TypeOrmModule would otherwise retry for half a minute.
            toRetry: () => false,
          }),
          dataSourceFactory: connectAndMigrate,
        }),
      ],
    };
  }
}

/** Applies pending migrations; several processes starting together take turns. */
export async function runMigrations(dataSource: DataSource): Promise<string[]> {
  return withBootstrapLock(dataSource, async () => {
    const applied = await dataSource.runMigrations({ transaction: 'each' });
    return applied.map((migration) => migration.name);
  });
}

/** Holds a session-level advisory lock on one dedicated connection while `work` runs. */
export async function withBootstrapLock<T>(dataSource: DataSource, work: () => Promise<T>): Promise<T> {
  const runner = dataSource.createQueryRunner();
  await runner.connect();
  try {
    await runner.query('SELECT pg_advisory_lock($1)', [BOOTSTRAP_LOCK_KEY]);
    try {
      return await work();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [BOOTSTRAP_LOCK_KEY]);
    }
  } finally {
    await runner.release();
  }
}
