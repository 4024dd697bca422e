import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { pgPool } from './prepared-statements';

type ConnectCallback = (error: Error | undefined, client: unknown, done: unknown) => void;

/** A connection of node-postgres, as a trial connection needs it. */
interface TrialClient {
  connect(): Promise<unknown>;
  end(): Promise<unknown>;
}

/** node-postgres's pool, as far as watching it open connections needs. */
interface WatchedPool {
  connect(callback?: ConnectCallback): Promise<unknown> | undefined;
  on(event: 'connect', listener: () => void): unknown;
  /** The connection class and options the pool makes its connections with (pg-pool's own fields). */
  readonly Client: new (options: unknown) => TrialClient;
  readonly options: unknown;
}

/**
 * Whether PostgreSQL refuses this process new connections ("too many clients", a
 * database shutting down or unreachable) while the connections its pool holds still
 * answer. Issue 41 found `/health/ready` saying ok while such refusals failed a request in
 * two: readiness asks here too. A refusal stands until a connection opens again: one the
 * pool opens, or the trial connection `stillRefused` makes.
 */
@Injectable()
export class ConnectionRefusals {
  private refusal: string | null = null;
  private trial: Promise<boolean> | null = null;
  private readonly pool: WatchedPool;

  constructor(dataSource: DataSource) {
    this.pool = pgPool(dataSource) as unknown as WatchedPool;
    this.watch();
  }

  /** The last refusal's message, unless a connection opened since; null if none. */
  get last(): string | null {
    return this.refusal;
  }

  /**
   * After a refusal, whether the database still refuses a new connection (one trial
   * connection, closed at once; callers at the same time share it); false with no refusal.
   */
  async stillRefused(): Promise<boolean> {
    if (this.refusal === null) return false;
    this.trial ??= this.tryConnection().finally(() => (this.trial = null));
    return this.trial;
  }

  private async tryConnection(): Promise<boolean> {
    const client = new this.pool.Client(this.pool.options);
    try {
      await client.connect();
    } catch (error) {
      this.refusal = (error as Error).message;
      return true;
    }
    this.refusal = null;
    await client.end().catch(() => undefined);
    return false;
  }

  /**
   * The pool says nothing when opening a connection fails (the caller alone gets the
   * error), so its `connect` is wrapped; its `connect` event tells of each connection opened.
   */
  private watch(): void {
    const pool = this.pool;
    const connect = pool.connect.bind(pool);
    const refused = (error: Error) => (this.refusal = error.message);
    pool.connect = (callback?: ConnectCallback) => {
      if (callback) {
        return connect((error, client, done) => {
          if (error) refused(error);
          callback(error, client, done);
        });
      }
      return (connect() as Promise<unknown>).catch((error: Error) => {
        refused(error);
        throw error;
      });
    };
    pool.on('connect', () => (this.refusal = null));
  }
}
