import * as fs from 'node:fs';
import * as os from 'node:os';
import { performance } from 'node:perf_hooks';
import Redis from 'ioredis';
import { processCpuSeconds, processRssBytes } from './harness';

/**
 * CPU and memory of the processes a capacity step loads: the server, PostgreSQL (every
 * process of the cluster), Redis and this load generator, read from /proc (Linux) at the
 * start and the end of a measured window.
 */

/** CPU seconds of each process of a group at one moment. */
interface GroupSample {
  cpu: Map<number, number>;
}

export interface ResourceSnapshot {
  at: number;
  /** CPU seconds of the server processes together. */
  server: number;
  /** Seconds the server processes' and this process's main threads (their event loops) waited for a CPU, each summed. */
  serverWait: number;
  selfWait: number;
  postgres: GroupSample;
  redis: GroupSample;
  self: NodeJS.CpuUsage;
  /** Busy CPU seconds of the whole machine, all cores. */
  machine: number;
}

export interface ProcessFigures {
  /** Percent of one core over the window. */
  cpuPercent: number;
  /**
   * Share of the window the process's main thread (a Node process's event loop) was ready
   * to run but waited for a CPU: what other processes on the machine cost it.
   */
  waitingForCpuPercent?: number;
  /** Resident memory at the window's end, MiB (summed over a group's processes). */
  rssMib: number;
}

export interface ResourceFigures {
  /** The server processes together; `waitingForCpuPercent` is their event loops' waits summed. */
  server: ProcessFigures & { processes: number };
  /**
   * Every backend maps the same shared buffers, so the RSS sum counts them once per
   * process; the PSS sum (each shared page split between its users) is the honest total.
   */
  postgres: ProcessFigures & { pssMib: number; processes: number };
  redis: ProcessFigures & { usedMemoryMib: number };
  loadGenerator: ProcessFigures & { heapUsedMib: number };
  /**
   * The whole machine: busy CPU (percent of one core, all cores together), the part of it
   * none of the four above used (other work on a shared machine competes with the server),
   * and the 1-minute load average at the window's end.
   */
  machine: { cores: number; busyPercent: number; otherPercent: number; loadAverage: number };
}

/** Busy CPU seconds of all cores since boot, from /proc/stat's first line (USER_HZ 100). */
function machineBusySeconds(): number {
  try {
    const fields = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: everything but idle and iowait is busy.
    const [user, nice, system, , , irq, softirq, steal] = fields;
    return (user + nice + system + irq + softirq + (steal ?? 0)) / 100;
  } catch {
    return NaN;
  }
}

/** Processes whose name (comm) or command line starts with `name`. */
function processesNamed(name: string): number[] {
  const pids: number[] = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const comm = fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
      // Backends rename themselves ("postgres: 15/main: ..."), which changes the command
      // line but not comm; a server started by another name still has it in argv[0].
      const argv0 = comm === name ? name : fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0')[0];
      if (comm === name || argv0 === name || argv0.endsWith(`/${name}`)) pids.push(Number(entry));
    } catch {
      // The process ended while the directory was read.
    }
  }
  return pids;
}

function sampleGroup(name: string): GroupSample {
  const cpu = new Map<number, number>();
  for (const pid of processesNamed(name)) {
    const seconds = processCpuSeconds(pid);
    if (!Number.isNaN(seconds)) cpu.set(pid, seconds);
  }
  return { cpu };
}

/** Seconds a process's main thread has waited on a run queue, from /proc/<pid>/schedstat; NaN elsewhere. */
function runQueueWaitSeconds(pid: number): number {
  try {
    return Number(fs.readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[1]) / 1e9;
  } catch {
    return NaN;
  }
}

/** Proportional set size in bytes, from smaps_rollup (needs the same user or root); NaN otherwise. */
function processPssBytes(pid: number): number {
  try {
    const rollup = fs.readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8');
    return Number(/^Pss:\s+(\d+)/m.exec(rollup)?.[1] ?? NaN) * 1024;
  } catch {
    return NaN;
  }
}

/**
 * CPU seconds a group used between two samples. A process that started in between is
 * counted from zero (all of its CPU is the window's); one that ended in between is lost
 * (its CPU cannot be read any more): PostgreSQL's backends live as long as the server's
 * pool connections, so this rarely happens.
 */
function groupCpuSeconds(before: GroupSample, after: GroupSample): number {
  let total = 0;
  for (const [pid, seconds] of after.cpu) total += seconds - (before.cpu.get(pid) ?? 0);
  return total;
}

const MIB = 1024 * 1024;
const sum = (values: number[]) => values.reduce((a, b) => a + (Number.isNaN(b) ? 0 : b), 0);

export class ResourceMeter {
  private readonly redis: Redis | null;

  constructor(
    /** The server processes: their figures are summed (percent of one core, MiB). */
    private readonly serverPids: readonly number[],
    redisUrl: string | undefined,
  ) {
    this.redis = redisUrl ? new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 }) : null;
  }

  snapshot(): ResourceSnapshot {
    return {
      at: performance.now(),
      server: sum(this.serverPids.map(processCpuSeconds)),
      serverWait: sum(this.serverPids.map(runQueueWaitSeconds)),
      selfWait: runQueueWaitSeconds(process.pid),
      postgres: sampleGroup('postgres'),
      redis: sampleGroup('redis-server'),
      self: process.cpuUsage(),
      machine: machineBusySeconds(),
    };
  }

  /** Figures for the window between `start` and `end`; memory is read now (the window's end). */
  async figures(start: ResourceSnapshot, end: ResourceSnapshot): Promise<ResourceFigures> {
    const seconds = (end.at - start.at) / 1000;
    const percent = (cpuSeconds: number) => (cpuSeconds / seconds) * 100;
    const postgresPids = [...end.postgres.cpu.keys()];
    const redisPids = [...end.redis.cpu.keys()];
    const selfUntilEnd = end.self.user + end.self.system - (start.self.user + start.self.system);
    const memory = process.memoryUsage();
    const server = percent(end.server - start.server);
    const postgres = percent(groupCpuSeconds(start.postgres, end.postgres));
    const redis = percent(groupCpuSeconds(start.redis, end.redis));
    const loadGenerator = percent(selfUntilEnd / 1e6);
    const busy = percent(end.machine - start.machine);
    return {
      server: { cpuPercent: server, waitingForCpuPercent: percent(end.serverWait - start.serverWait), rssMib: sum(this.serverPids.map(processRssBytes)) / MIB, processes: this.serverPids.length },
      postgres: {
        cpuPercent: postgres,
        rssMib: sum(postgresPids.map(processRssBytes)) / MIB,
        pssMib: sum(postgresPids.map(processPssBytes)) / MIB,
        processes: postgresPids.length,
      },
      redis: {
        cpuPercent: redis,
        rssMib: sum(redisPids.map(processRssBytes)) / MIB,
        usedMemoryMib: (await this.redisUsedMemory()) / MIB,
      },
      loadGenerator: { cpuPercent: loadGenerator, waitingForCpuPercent: percent(end.selfWait - start.selfWait), rssMib: memory.rss / MIB, heapUsedMib: memory.heapUsed / MIB },
      machine: {
        cores: os.cpus().length,
        busyPercent: busy,
        otherPercent: Math.max(0, busy - server - postgres - redis - loadGenerator),
        loadAverage: os.loadavg()[0],
      },
    };
  }

  /** Redis's own count of the memory its data uses (INFO memory's used_memory), in bytes. */
  private async redisUsedMemory(): Promise<number> {
    if (!this.redis) return NaN;
    try {
      if (this.redis.status === 'wait') await this.redis.connect();
      const info = await this.redis.info('memory');
      return Number(/^used_memory:(\d+)/m.exec(info)?.[1] ?? NaN);
    } catch {
      return NaN;
    }
  }

  close(): void {
    this.redis?.disconnect();
  }
}
