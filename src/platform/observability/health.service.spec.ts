import { DataSource } from 'typeorm';
import { ConnectionRefusals } from '../database/connection-refusals';
import { EventDeliveryProbe } from './event-delivery-probe';
import { loadConfig } from '../config/app-config';
import { HealthService } from './health.service';
import { JobRegistry } from './job-registry';

function service(options: { database: boolean; redis?: boolean; worker?: boolean; refused?: string }): HealthService {
  const config = loadConfig({ REDIS_URL: options.redis === undefined ? '' : 'redis://127.0.0.1:1' });
  const dataSource = { query: async () => (options.database ? [{ '?column?': 1 }] : Promise.reject(new Error('down'))) } as unknown as DataSource;
  const store = { ping: async () => (options.redis ? undefined : Promise.reject(new Error('down'))) } as unknown as EventDeliveryProbe;
  const jobs = new JobRegistry();
  if (options.worker !== undefined) {
    jobs.register({ name: 'retention', backend: 'timer', depth: async () => 0, running: () => options.worker as boolean });
  }
  const refusals = { stillRefused: async () => options.refused !== undefined, last: options.refused ?? null } as unknown as ConnectionRefusals;
  return new HealthService(config.redis, dataSource, store, jobs, refusals);
}

describe('HealthService.readiness', () => {
  it('is ok when every configured dependency answers', async () => {
    expect(await service({ database: true, redis: true, worker: true }).readiness()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'ok', worker: 'ok' },
    });
    expect(await service({ database: true }).readiness()).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'not configured', worker: 'not configured' },
    });
  });

  it('fails when the database, Redis or the worker does', async () => {
    expect(await service({ database: false, worker: true }).readiness()).toEqual({
      status: 'failing',
      checks: { database: 'failing', redis: 'not configured', worker: 'ok' },
    });
    expect(await service({ database: true, redis: false, worker: true }).readiness()).toEqual({
      status: 'failing',
      checks: { database: 'ok', redis: 'failing', worker: 'ok' },
    });
    expect(await service({ database: true, worker: false }).readiness()).toEqual({
      status: 'failing',
      checks: { database: 'ok', redis: 'not configured', worker: 'failing' },
    });
  });

  it('fails while the database refuses new connections, though the pool\'s open ones answer', async () => {
    expect(await service({ database: true, refused: 'sorry, too many clients already' }).readiness()).toEqual({
      status: 'failing',
      checks: { database: 'failing', redis: 'not configured', worker: 'not configured' },
    });
  });
});
