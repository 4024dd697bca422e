import type { Logger } from '@nestjs/common';
import type { Processor, Queue, Worker } from 'bullmq';
import { logBullError } from '../redis/bull-errors';
import { RedisConnections } from '../redis/redis-connections';

/** How a queue's logs name it (`<label> queue: …`, `<label> worker: …`) and how loudly. */
export interface BullQueueLogging {
  readonly label: string;
  readonly logger: Logger;
  /** The level of the queue's and worker's connection errors; `error` unless said. */
  readonly level?: 'warn' | 'error';
}

/** A BullMQ queue, and the way to start its worker in this process. */
export interface BullQueue<T> {
  readonly queue: Queue<T>;
  startWorker(processor: Processor<T>, concurrency: number): Worker<T>;
}

/**
 * The one place BullMQ queues and workers are made: on the process's jobs connection (the
 * worker opens its own blocking one from it), under the deployment's BullMQ prefix
 * (RedisKeyspace), with a listener on each, since without one BullMQ prints every
 * connection error as unhandled. BullMQ is loaded only here, where jobs run: CLI processes
 * never pay for it. Precondition: Redis is configured.
 */
export async function openBullQueue<T>(redis: RedisConnections, name: string, logging: BullQueueLogging): Promise<BullQueue<T>> {
  const { Queue, Worker } = await import('bullmq');
  const connection = await redis.connect('jobs');
  const prefix = redis.keyspace.bullPrefix;
  const { label, logger, level = 'error' } = logging;
  const queue = new Queue<T>(name, { connection, prefix });
  queue.on('error', (error) => logBullError(logger, `${label} queue`, error, level));
  return {
    queue,
    startWorker: (processor, concurrency) => {
      const worker = new Worker<T>(name, processor, { connection, prefix, concurrency });
      worker.on('error', (error) => logBullError(logger, `${label} worker`, error, level));
      return worker;
    },
  };
}
