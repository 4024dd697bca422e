import { samplesByLabel, scrapeMetrics } from './metrics-scrape';

/**
 * The server processes' PostgreSQL pools during a capacity window: `chat_db_pool_clients`
 * scraped from each process's metrics listener once a second, summed over the processes.
 * Requests waiting for a connection while PostgreSQL has CPU to spare say that the pool
 * (`DATABASE_POOL_SIZE`) or the process holding its connections is where actions queue.
 */
export interface PoolFigures {
  /** Scrapes that answered (each one reads every process). */
  samples: number;
  /** Connections in use, mean over the window (all processes together). */
  busyMean: number;
  /** Requests waiting for a connection: mean and most over the window. */
  waitingMean: number;
  waitingMax: number;
}

const SAMPLE_MS = 1000;

export class PoolSampler {
  private timer: NodeJS.Timeout | undefined;
  private readonly busy: number[] = [];
  private readonly waiting: number[] = [];
  private inFlight: Promise<void> | null = null;

  constructor(private readonly metricsPorts: readonly number[]) {}

  start(): void {
    this.busy.length = 0;
    this.waiting.length = 0;
    this.timer = setInterval(() => {
      // A scrape slower than the interval is not stacked on.
      if (!this.inFlight) this.inFlight = this.sample().finally(() => (this.inFlight = null));
    }, SAMPLE_MS);
  }

  async stop(): Promise<PoolFigures> {
    clearInterval(this.timer);
    await this.inFlight;
    const mean = (values: number[]) => (values.length === 0 ? NaN : values.reduce((a, b) => a + b, 0) / values.length);
    return { samples: this.busy.length, busyMean: mean(this.busy), waitingMean: mean(this.waiting), waitingMax: this.waiting.length === 0 ? NaN : Math.max(...this.waiting) };
  }

  private async sample(): Promise<void> {
    try {
      const counts = await Promise.all(this.metricsPorts.map(poolClients));
      this.busy.push(counts.reduce((sum, one) => sum + one.busy, 0));
      this.waiting.push(counts.reduce((sum, one) => sum + one.waiting, 0));
    } catch {
      // A scrape that failed (a process too busy to answer in time) is a sample missing.
    }
  }
}

async function poolClients(metricsPort: number): Promise<{ busy: number; waiting: number }> {
  const clients = samplesByLabel(await scrapeMetrics(metricsPort, SAMPLE_MS * 5), 'chat_db_pool_clients', 'state');
  return { busy: clients.get('busy') ?? NaN, waiting: clients.get('waiting') ?? NaN };
}
