import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createHttpApp } from './app.factory';
import { RootRealmBootstrap } from './admin/root-realm.bootstrap';
import { CliChannelServer } from './admin/cli/cli-channel';
import { RetentionScheduler } from './retention/retention-scheduler';
import { ConfigError, loadConfig } from './platform/config/app-config';
import { WebhookWorker } from './webhooks/delivery/webhook-worker';
import { QueueRestartNotice } from './events/queues/queue-restart-notice';
import { MetricsListener } from './platform/observability/metrics-listener';
import { startIdleHeapCollector } from './platform/runtime/idle-heap-collector';

/** Connections waiting to be accepted (Linux caps it at net.core.somaxconn, 4096 by default). */
const LISTEN_BACKLOG = 4096;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createHttpApp(config);
  await app.init();
  // Before listening, so that whoever sees the server answer also finds its credentials.
  const owner = await app.get(RootRealmBootstrap).ensureOwner();
  if (owner) {
    process.stdout.write(
      [
        'Created the owner of the root realm:',
        `  email:    ${owner.email}`,
        `  password: ${owner.password}`,
        `  API key:  ${owner.apiKey}`,
        `  zuliprc:  ${owner.zuliprcPath}`,
        '',
      ].join('\n'),
    );
  }
  // Before the API port: whoever sees the server answer can scrape it too.
  await app.get(MetricsListener).listen();
  // A reconnect storm (thousands of clients back after a restart) must wait in the kernel's
  // accept queue, not be dropped from it: Node's default backlog is 511.
  await app.listen({ port: config.server.port, host: '0.0.0.0', backlog: LISTEN_BACKLOG });
  await app.get(CliChannelServer).listen();
  app.get(WebhookWorker).startForServer(config.redis.url !== undefined);
  await app.get(QueueRestartNotice).announce();
  await app.get(RetentionScheduler).start();
  startIdleHeapCollector();
  new Logger('main').log(`listening on port ${config.server.port}`);
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : (error as Error).stack ?? String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
