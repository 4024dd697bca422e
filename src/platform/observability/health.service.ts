import { probeDatabase } from '../database/database-probes';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RedisSettings } from '../config/settings';
import { ConnectionRefusals } from '../database/connection-refusals';
import { waitAtMost } from '../../shared/wait-at-most';
import { EventDeliveryProbe } from './event-delivery-probe';
import { JobRegistry } from './job-registry';

export type CheckOutcome = 'ok' | 'failing' | 'not configured';

export interface Readiness {
  status: 'ok' | 'failing';
  checks: { database: CheckOutcome; redis: CheckOutcome; worker: CheckOutcome };
}

/** How long a readiness dependency may take before it counts as failing. */
const CHECK_TIMEOUT_MS = 2000;

/**
 * `/health/ready`: the database answers a query and took this process's last new
 * connection (a pool refused connections fails requests while its open ones answer),
 * Redis (when configured) answers a PING, and this process's job workers run. A load
 * balancer sends traffic only to ready processes.
 */
@Injectable()
export class HealthService {
  constructor(
    private readonly redis: RedisSettings,
    private readonly dataSource: DataSource,
    private readonly events: EventDeliveryProbe,
    private readonly jobs: JobRegistry,
    private readonly refusals: ConnectionRefusals,
  ) {}

  async readiness(): Promise<Readiness> {
    const [database, redis] = await Promise.all([
      outcome(() => this.databaseAnswers()),
      this.redis.url ? outcome(() => this.events.ping()) : Promise.resolve<CheckOutcome>('not configured'),
    ]);
    const probes = this.jobs.all().filter((probe) => probe.off === undefined);
    const worker: CheckOutcome = probes.length === 0 ? 'not configured' : probes.every((probe) => probe.running()) ? 'ok' : 'failing';
    const checks = { database, redis, worker };
    const failing = Object.values(checks).includes('failing');
    return { status: failing ? 'failing' : 'ok', checks };
  }

  /** Throws unless the database takes new connections (after a refusal) and answers a query. */
  private async databaseAnswers(): Promise<void> {
    if (await this.refusals.stillRefused()) throw new Error(`the database refuses new connections: ${this.refusals.last}`);
    await probeDatabase(this.dataSource);
  }
}

async function outcome(check: () => Promise<unknown>): Promise<CheckOutcome> {
  try {
    return (await waitAtMost(check(), CHECK_TIMEOUT_MS)) ? 'ok' : 'failing';
  } catch {
    return 'failing';
  }
}
