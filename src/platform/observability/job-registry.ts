import { Injectable } from '@nestjs/common';

/** A background job runner the server hosts (retention, later webhooks and mail). */
export interface JobQueueProbe {
  /** The queue's name in metrics and `status`. */
  readonly name: string;
  /** Where its jobs run: `bullmq` (Redis) or `timer` (in this process). */
  readonly backend: 'bullmq' | 'timer';
  /** Jobs waiting or delayed. */
  depth(): Promise<number>;
  /** Whether this process's worker for the queue is running. */
  running(): boolean;
  /**
   * Why the job never runs in this deployment (a feature left unconfigured), if so: such a
   * job is not started, readiness does not wait for it, and `status` says why.
   */
  readonly off?: string;
}

/**
 * Where job runners announce themselves, so that readiness, metrics and the CLI's
 * `status` see them without knowing each one.
 */
@Injectable()
export class JobRegistry {
  private readonly probes = new Map<string, JobQueueProbe>();

  register(probe: JobQueueProbe): void {
    this.probes.set(probe.name, probe);
  }

  all(): JobQueueProbe[] {
    return [...this.probes.values()];
  }
}
