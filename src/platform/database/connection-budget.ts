import { Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { DataSource } from 'typeorm';
import { DatabaseSettings } from '../config/settings';

/** This process among the server's processes on one database (its connections' application_name). */
const PROCESS_TAG = randomBytes(4).toString('hex');
const POOL_NAME = /^team-chat [0-9a-f]{8} pool=(\d+)$/;

/**
 * The `application_name` of this process's connections: it names the server, tells the
 * processes apart, and carries the pool size, so that a starting process can add up the
 * connections all of them may open (pg_stat_activity shows it to operators too).
 */
export function poolApplicationName(poolSize: number): string {
  return `team-chat ${PROCESS_TAG} pool=${poolSize}`;
}

/** Connections to the database server by application_name, as pg_stat_activity counts them. */
export interface ConnectionUse {
  name: string;
  connections: number;
}

export interface ConnectionLimits {
  /** `max_connections`. */
  maxConnections: number;
  /** Slots only superusers may take (`superuser_reserved_connections`, and `reserved_connections` from PostgreSQL 16). */
  reserved: number;
}

/**
 * The start-up warning when the pools of this server's processes, with the connections
 * other clients hold now, can ask for more connections than PostgreSQL takes from
 * ordinary roles; null when they fit. Each process counts at its pool size (a pool opens
 * connections as load comes), other clients at what they hold.
 */
export function connectionBudgetWarning(ownName: string, poolSize: number, limits: ConnectionLimits, uses: readonly ConnectionUse[]): string | null {
  let processes = 0;
  let pools = 0;
  let others = 0;
  for (const use of uses) {
    if (use.name === ownName) continue;
    const pool = POOL_NAME.exec(use.name);
    if (pool) {
      processes++;
      pools += Math.max(Number(pool[1]), use.connections);
    } else {
      others += use.connections;
    }
  }
  const available = limits.maxConnections - limits.reserved;
  const wanted = poolSize + pools + others;
  if (wanted <= available) return null;
  return (
    `database connections: DATABASE_POOL_SIZE ${poolSize} here, ${pools} in the pools of ${processes} other server processes ` +
    `and ${others} held by other clients make ${wanted}, more than the ${available} PostgreSQL allows ` +
    `(max_connections ${limits.maxConnections}, ${limits.reserved} reserved for superusers): requests that need a new ` +
    `connection beyond it get 503; lower DATABASE_POOL_SIZE or raise max_connections`
  );
}

/**
 * Warns once at start-up when the server's pools can exceed PostgreSQL's `max_connections`
 * (the refused requests were otherwise the first sign). Not for the embedded database,
 * whose connections this process alone makes, nor for a one-shot CLI command.
 */
@Injectable()
export class ConnectionBudget implements OnApplicationBootstrap {
  private readonly logger = new Logger('Database');

  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: DatabaseSettings,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (this.settings.url === undefined || this.settings.oneShot) return;
    try {
      const [limits] = await this.dataSource.query<Array<{ max: number; reserved: number }>>(
        `SELECT current_setting('max_connections')::int AS max,
                current_setting('superuser_reserved_connections')::int
                  + coalesce(nullif(current_setting('reserved_connections', true), '')::int, 0) AS reserved`,
      );
      const uses = await this.dataSource.query<Array<{ name: string; connections: number }>>(
        `SELECT coalesce(application_name, '') AS name, count(*)::int AS connections
           FROM pg_stat_activity WHERE backend_type = 'client backend' GROUP BY 1`,
      );
      const warning = connectionBudgetWarning(poolApplicationName(this.settings.poolSize), this.settings.poolSize, { maxConnections: limits.max, reserved: limits.reserved }, uses);
      if (warning) this.logger.warn(warning);
    } catch (error) {
      this.logger.warn(`database connections: could not compare the pool sizes with max_connections: ${(error as Error).message}`);
    }
  }
}
