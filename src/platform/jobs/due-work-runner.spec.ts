import { Logger } from '@nestjs/common';
import type { JobQueueProbe, JobRegistry } from '../observability/job-registry';
import type { RedisConnections } from '../redis/redis-connections';
import { DrainSteps, DueWorkRunner, DueWorkSettings, JobSteps, msUntilHourUtc, PeriodicSteps } from './due-work-runner';

const redis = { configured: false } as unknown as RedisConnections;

function registry(): { jobs: JobRegistry; probes: JobQueueProbe[] } {
  const probes: JobQueueProbe[] = [];
  return { jobs: { register: (probe: JobQueueProbe) => probes.push(probe) } as unknown as JobRegistry, probes };
}

function settings<T>(work: DrainSteps | JobSteps<T> | PeriodicSteps, more: Partial<DueWorkSettings<T>> = {}): DueWorkSettings<T> {
  return { queue: 'test', jobName: 'wake', label: 'test', logger: new Logger('test'), sweepIntervalMs: 60_000, counted: ['delayed'], work, ...more };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve = (): void => undefined;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const tick = (): Promise<void> => new Promise((done) => setImmediate(done));

describe('DueWorkRunner (in-process)', () => {
  it('leaves a job that is off unstarted, and says why on its probe', async () => {
    const { jobs, probes } = registry();
    let looked = 0;
    const runner = new DueWorkRunner(
      settings(
        {
          anyDue: () => {
            looked += 1;
            return Promise.resolve(false);
          },
          step: () => Promise.resolve(false),
          failed: () => undefined,
        },
        { off: 'not configured here', sweepIntervalMs: 1 },
      ),
      redis,
      jobs,
    );
    await runner.start();
    runner.wake('job-a', {});
    await tick();
    expect(probes[0].running()).toBe(false);
    expect(probes[0].off).toBe('not configured here');
    expect(looked).toBe(0);
    await runner.stop();
  });

  it('opens no step when the cheap read finds nothing, and steps until none is left when it finds something', async () => {
    const due = [false, true];
    const steps = [true, true, false];
    let taken = 0;
    const runner = new DueWorkRunner(
      settings({
        anyDue: () => Promise.resolve(due.shift() ?? false),
        step: () => {
          taken += 1;
          return Promise.resolve(steps.shift() ?? false);
        },
        failed: () => undefined,
      }),
      redis,
      registry().jobs,
    );
    await runner.drain();
    expect(taken).toBe(0);
    await runner.drain();
    expect(taken).toBe(3);
  });

  it('runs one pass at a time, and another after it for a wake that came during it', async () => {
    const gate = deferred();
    let reads = 0;
    const runner = new DueWorkRunner(
      settings({
        anyDue: async () => {
          reads += 1;
          if (reads === 1) await gate.promise;
          return false;
        },
        step: () => Promise.resolve(false),
        failed: () => undefined,
      }),
      redis,
      registry().jobs,
    );
    const first = runner.drain();
    const second = runner.drain();
    expect(second).toBe(first);
    gate.resolve();
    await first;
    expect(reads).toBe(2);
  });

  it('logs a failed pass and leaves the runner able to pass again', async () => {
    const failures: string[] = [];
    let calls = 0;
    const runner = new DueWorkRunner(
      settings({
        anyDue: () => (++calls === 1 ? Promise.reject(new Error('database gone')) : Promise.resolve(false)),
        step: () => Promise.resolve(false),
        failed: (error) => failures.push(error.message),
      }),
      redis,
      registry().jobs,
    );
    await runner.drain();
    await runner.drain();
    expect(failures).toEqual(['database gone']);
    expect(calls).toBe(2);
  });

  it('sweeps at start, runs a job id once while it waits or runs, keeps to its concurrency, and waits for running jobs at stop', async () => {
    const gates = new Map<string, { promise: Promise<void>; resolve: () => void }>();
    const started: string[] = [];
    let sweeps = 0;
    const { jobs, probes } = registry();
    const runner: DueWorkRunner<{ key: string }> = new DueWorkRunner<{ key: string }>(
      settings<{ key: string }>(
        {
          work: async ({ key }) => {
            started.push(key);
            const gate = deferred();
            gates.set(key, gate);
            await gate.promise;
          },
          sweep: () => {
            sweeps += 1;
            runner.wake('job-a', { key: 'a' });
            return Promise.resolve();
          },
        },
        { concurrency: 2 },
      ),
      redis,
      jobs,
    );
    expect(probes[0].running()).toBe(false);
    runner.wake('job-b', { key: 'b' });
    expect(started).toEqual([]); // not started: the sweep will find it
    await runner.start();
    expect(probes[0]).toMatchObject({ name: 'test', backend: 'timer' });
    expect(probes[0].running()).toBe(true);
    expect(sweeps).toBe(1);
    runner.wake('job-a', { key: 'a' });
    runner.wake('job-b', { key: 'b' });
    runner.wake('job-c', { key: 'c' });
    expect(started).toEqual(['a', 'b']);
    expect(await probes[0].depth()).toBe(3);
    gates.get('a')?.resolve();
    await tick();
    await tick();
    expect(started).toEqual(['a', 'b', 'c']);
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await tick();
    expect(stopped).toBe(false);
    gates.get('b')?.resolve();
    gates.get('c')?.resolve();
    await stopping;
    expect(probes[0].running()).toBe(false);
    runner.wake('job-d', { key: 'd' });
    expect(started).toEqual(['a', 'b', 'c']);
  });

  it('wakes a delayed job by a timer, past its due moment by the slack', async () => {
    jest.useFakeTimers();
    try {
      const done: string[] = [];
      const runner = new DueWorkRunner<{ key: string }>(
        settings<{ key: string }>({ work: ({ key }) => Promise.resolve(void done.push(key)), sweep: () => Promise.resolve() }, { wakeSlackMs: 20 }),
        redis,
        registry().jobs,
      );
      await runner.start();
      runner.wakeAt('later', new Date(Date.now() + 1000), { key: 'later' });
      jest.advanceTimersByTime(1019);
      expect(done).toEqual([]);
      jest.advanceTimersByTime(1);
      expect(done).toEqual(['later']);
      await runner.stop();
    } finally {
      jest.useRealTimers();
    }
  });

  it('asks once for a delayed wake it already asked for, until that wake is due', async () => {
    jest.useFakeTimers();
    try {
      const done: string[] = [];
      const runner = new DueWorkRunner<{ key: string }>(
        settings<{ key: string }>({ work: ({ key }) => Promise.resolve(void done.push(key)), sweep: () => Promise.resolve() }, { concurrency: 2 }),
        redis,
        registry().jobs,
      );
      await runner.start();
      const timers = jest.getTimerCount();
      const due = new Date(Date.now() + 1000);
      runner.wakeAt('batch', due, { key: 'batch' });
      runner.wakeAt('batch', due, { key: 'batch' });
      expect(jest.getTimerCount()).toBe(timers + 1);
      runner.wakeAt('other', due, { key: 'other' });
      expect(jest.getTimerCount()).toBe(timers + 2);
      jest.advanceTimersByTime(1000);
      expect(done).toEqual(['batch', 'other']);
      // Due now: asked again, it runs again.
      for (let flush = 0; flush < 5; flush += 1) await Promise.resolve();
      runner.wakeAt('batch', due, { key: 'batch' });
      expect(done).toEqual(['batch', 'other', 'batch']);
      await runner.stop();
    } finally {
      jest.useRealTimers();
    }
  });

  it('runs periodic work every period, skipping a turn while a run is under way, and logs a failed run', async () => {
    jest.useFakeTimers();
    try {
      const gate = deferred();
      const failures: string[] = [];
      let runs = 0;
      const runner = new DueWorkRunner(
        settings({
          period: { everyMs: 1000 },
          schedulerId: 'test-every',
          keepRuns: 1,
          run: async () => {
            runs += 1;
            if (runs === 1) await gate.promise;
            if (runs === 2) throw new Error('no luck');
          },
          failed: (error) => failures.push(error.message),
        }),
        redis,
        registry().jobs,
      );
      await runner.start();
      expect(runs).toBe(0);
      jest.advanceTimersByTime(1000);
      expect(runs).toBe(1);
      jest.advanceTimersByTime(1000);
      expect(runs).toBe(1);
      gate.resolve();
      await jest.advanceTimersByTimeAsync(1000);
      expect(runs).toBe(2);
      expect(failures).toEqual(['no luck']);
      await runner.stop();
      jest.advanceTimersByTime(5000);
      expect(runs).toBe(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('runs daily work at its hour (UTC), then again a day later', async () => {
    jest.useFakeTimers({ now: new Date('2026-11-27T17:00:00Z') });
    try {
      let runs = 0;
      const runner = new DueWorkRunner(
        settings({ period: { dailyAtHourUtc: 18 }, schedulerId: 'test-daily', keepRuns: 1, run: async () => void (runs += 1), failed: () => undefined }),
        redis,
        registry().jobs,
      );
      await runner.start();
      await jest.advanceTimersByTimeAsync(60 * 60 * 1000 - 1);
      expect(runs).toBe(0);
      await jest.advanceTimersByTimeAsync(1);
      expect(runs).toBe(1);
      await jest.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
      expect(runs).toBe(2);
      await runner.stop();
    } finally {
      jest.useRealTimers();
    }
  });

  it('counts to the next hour (UTC)', () => {
    expect(msUntilHourUtc(18, new Date('2026-11-27T18:00:00Z'))).toBe(24 * 60 * 60 * 1000);
    expect(msUntilHourUtc(0, new Date('2026-11-27T23:30:00Z'))).toBe(30 * 60 * 1000);
  });
});
