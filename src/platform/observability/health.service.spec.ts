import { DataSource } from 'typeorm';
import { EventQueueStore } from '../../events/queues/event-queue-store';
import { loadConfig } from '../config/app-config';
import { HealthService } from './health.service';
import { JobRegistry } from './job-registry';

function service(options: { database: boolean; redis?: boolean; worker?: boolean }): HealthService {
  const config = loadConfig({ REDIS_URL: options.redis === undefined ? '' : 'redis://127.0.0.1:1' });
  const dataSource = { query: async () => (options.database ? [{ '?column?': 1 }] : Promise.reject(new Error('down'))) } as unknown as DataSource;
  const store = { ping: async () => (options.redis ? undefined : Promise.reject(new Error('down'))) } as unknown as EventQueueStore;
  const jobs = new JobRegistry();
  if (options.worker !== undefined) {
    jobs.register({ name: 'retention', backend: 'timer', depth: async () => 0, running: () => options.worker as boolean });
  }
  return new HealthService(config.redis, dataSource, store, jobs);
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
});
