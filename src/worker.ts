import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { ConfigError, loadConfig } from './platform/config/app-config';
import { JsonLogger } from './platform/logging/logger';
import { watchShutdownSignals } from './platform/observability/shutdown-report';
import { describeStorage } from './platform/logging/startup-summary';
import { WebhookWorker } from './webhooks/delivery/webhook-worker';

/**
 * `npm run worker`: a process that only delivers jobs (outgoing webhooks), beside server
 * processes started with `WORKER=false`. Needs the shared PostgreSQL and Redis: without
 * Redis the queue lives inside the server process and a separate worker has nothing to take.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.database.url || !config.redis.url) {
    throw new ConfigError('npm run worker needs DATABASE_URL and REDIS_URL: without them the server process delivers its own jobs');
  }
  const logger = new JsonLogger(config.log.level, config.log.format);
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), { logger });
  app.enableShutdownHooks();
  watchShutdownSignals();
  app.get(WebhookWorker).start();
  logger.write('info', 'worker started', { storage: describeStorage(config) });
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : ((error as Error).stack ?? String(error));
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
