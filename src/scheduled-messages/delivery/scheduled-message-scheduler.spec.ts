import type { CommandBus } from '@nestjs/cqrs';
import type { JobRegistry } from '../../platform/observability/job-registry';
import type { RedisConnections } from '../../platform/redis/redis-connections';
import type { DeliveryOutcome } from '../commands/deliver-scheduled-message.command';
import type { ScheduledMessageStore } from '../persistence/scheduled-message.store';
import { ScheduledMessageScheduler } from './scheduled-message-scheduler';

function schedulerWith(due: boolean[], outcomes: DeliveryOutcome[]): { scheduler: ScheduledMessageScheduler; commands: number; reads: number } {
  const counts = { scheduler: null as unknown as ScheduledMessageScheduler, commands: 0, reads: 0 };
  const bus = {
    execute: () => {
      counts.commands += 1;
      return Promise.resolve(outcomes.shift() ?? 'none');
    },
  } as unknown as CommandBus;
  const store = {
    anyDue: () => {
      counts.reads += 1;
      return Promise.resolve(due.shift() ?? false);
    },
  } as unknown as ScheduledMessageStore;
  const redis = { configured: false } as unknown as RedisConnections;
  const jobs = { register: () => undefined } as unknown as JobRegistry;
  counts.scheduler = new ScheduledMessageScheduler(bus, redis, jobs, store);
  return counts;
}

describe('ScheduledMessageScheduler passes', () => {
  it('runs no delivery command (and so opens no transaction) when the due read finds nothing', async () => {
    const run = schedulerWith([false], []);
    await run.scheduler.drain();
    expect(run.reads).toBe(1);
    expect(run.commands).toBe(0);
  });

  it('delivers until the command finds nothing once the due read says something is due', async () => {
    const run = schedulerWith([true], ['delivered', 'failed', 'none']);
    await run.scheduler.drain();
    expect(run.reads).toBe(1);
    expect(run.commands).toBe(3);
  });
});
