import { Logger } from '@nestjs/common';

/**
 * Logs an error a BullMQ queue or worker reported. After Redis lost its data every job in
 * flight fails with "Missing key for job ..." as its worker tries to finish it: that one
 * cause is said once, clearly, by RedisDeployments, so these go to `debug` instead of a
 * line per job.
 */
export function logBullError(logger: Logger, what: string, error: Error, level: 'warn' | 'error' = 'error'): void {
  if (error.message.includes('Missing key for job')) {
    logger.debug(`${what}: ${error.message}`);
    return;
  }
  logger[level](`${what}: ${error.message}`);
}
