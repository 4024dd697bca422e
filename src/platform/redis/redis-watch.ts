import { Logger } from '@nestjs/common';
import Redis from 'ioredis';

const logger = new Logger('Redis');

/**
 * Watches one ioredis connection across a Redis restart or a network cut. ioredis
 * reconnects by itself, but reports each failed attempt as an 'error' event: without a
 * listener it prints every one as an unhandled error. This logs the loss once and the
 * return once, and calls `onRestored` when the connection is ready again after a loss
 * (a subscriber missed whatever was published meanwhile).
 */
export function watchRedisConnection(client: Redis, label: string, onRestored?: () => void): void {
  let lost = false;
  const lose = (reason: string): void => {
    if (lost) return;
    lost = true;
    logger.warn(`${label}: connection to Redis lost (${reason}); reconnecting`);
  };
  client.on('error', (error: Error) => lose(error.message));
  // Not 'close': a connection closed on purpose (at shutdown) closes too, but never reconnects.
  client.on('reconnecting', () => lose('closed'));
  client.on('ready', () => {
    if (!lost) return;
    lost = false;
    logger.log(`${label}: connection to Redis restored`);
    onRestored?.();
  });
}
