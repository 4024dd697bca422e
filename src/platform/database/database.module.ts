import { Global, Inject, Injectable, Module, OnApplicationShutdown } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { DatabaseSettings } from '../config/settings';
import { EMBEDDED_MAX_CONNECTIONS, EmbeddedPostgres } from './embedded-postgres';
import { dataSourceOptions } from './data-source-options';
import { CommittedWrites } from './committed-writes';
import { TransactionRunner } from './transaction-runner';

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

  async onApplicationShutdown(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
    if (this.embedded) await this.embedded.stop();
  }
}

@Global()
@Module({
  providers: [
    {
      provide: EMBEDDED_POSTGRES,
      inject: [DatabaseSettings],
      useFactory: async (config: DatabaseSettings) =>
        config.url === undefined ? EmbeddedPostgres.start(config.dataDir) : null,
    },
    {
      provide: DataSource,
      inject: [DatabaseSettings, EMBEDDED_POSTGRES],
      useFactory: async (config: DatabaseSettings, embedded: EmbeddedPostgres | null) => {
        const options = embedded
          ? dataSourceOptions(embedded.connection, EMBEDDED_POOL_SIZE)
          : dataSourceOptions({ url: config.url as string }, config.poolSize);
        const dataSource = new DataSource(options);
        await dataSource.initialize();
        await runMigrations(dataSource);
        return dataSource;
      },
    },
    TransactionRunner,
    CommittedWrites,
    DatabaseLifecycle,
  ],
  exports: [DataSource, TransactionRunner, CommittedWrites, EMBEDDED_POSTGRES],
})
export class DatabaseModule {}

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
