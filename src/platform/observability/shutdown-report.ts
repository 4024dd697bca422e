import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';

/** When the process was asked to stop, and by which signal (see watchShutdownSignals). */
const asked: { at: number | null; signal: string | null } = { at: null, signal: null };

/**
 * Notes the moment a stop signal arrives, before Nest's own handler starts closing, so
 * that the shutdown line can say how long the whole shutdown took. Only for processes that
 * enable Nest's shutdown hooks (the server and the worker): the listeners are `once`, and
 * Nest's handler, which ends the process, is there beside them.
 */
export function watchShutdownSignals(): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.prependOnceListener(signal, () => {
      if (asked.at !== null) return;
      asked.at = Date.now();
      asked.signal = signal;
    });
  }
}

/**
 * The one line a stopping process logs when everything has closed: the signal, the
 * long-polls it answered on the way (their clients come back to another process) and the
 * time it took, so an operator can tell a clean stop from a killed one.
 */
@Injectable()
export class ShutdownReport implements OnApplicationShutdown {
  private readonly logger = new Logger('main');
  private drainedPolls = 0;

  /** The parked long-polls answered at shutdown. */
  noteDrainedPolls(count: number): void {
    this.drainedPolls += count;
  }

  onApplicationShutdown(signal?: string): void {
    if (signal === undefined) return;
    const seconds = asked.at === null ? null : Math.round((Date.now() - asked.at) / 100) / 10;
    this.logger.log({
      msg: `stopped on ${signal}${seconds === null ? '' : ` in ${seconds} s`}, ${this.drainedPolls} long-polls answered`,
      signal,
      drained_polls: this.drainedPolls,
      shutdown_seconds: seconds,
    });
  }
}
