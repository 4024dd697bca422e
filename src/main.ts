import 'reflect-metadata';
import { createHttpApp } from './app.factory';
import { FirstOwner, RootRealmBootstrap } from './admin/root-realm.bootstrap';
import { CliChannelServer } from './admin/cli/cli-channel';
import { cliCommandLine } from './admin/cli/cli-args';
import { RetentionScheduler } from './retention/retention-scheduler';
import { MissedMessageScheduler } from './missed-message-emails/delivery/missed-message-scheduler';
import { ScheduledMessageScheduler } from './scheduled-messages/delivery/scheduled-message-scheduler';
import { RealmExportRunner } from './realm-transfer/jobs/realm-export-runner';
import { MailDelivery } from './platform/mail/mail-delivery';
import { PushDelivery } from './push-devices/delivery/push-delivery';
import { DigestScheduler } from './digest/delivery/digest-scheduler';
import { ConfigError, loadConfig } from './platform/config/app-config';
import { JsonLogger } from './platform/logging/logger';
import { startupSummary } from './platform/logging/startup-summary';
import { showsSecrets } from './platform/logging/terminal';
import { WebhookRecoverySweep } from './webhooks/delivery/webhook-recovery-sweep';
import { ThumbnailScheduler } from './uploads/delivery/thumbnail-scheduler';
import { WebhookWorker } from './webhooks/delivery/webhook-worker';
import { QueueRestartNotice } from './platform/events/queues/queue-restart-notice';
import { MetricsListener } from './platform/observability/metrics-listener';
import { watchShutdownSignals } from './platform/observability/shutdown-report';
import { startIdleHeapCollector } from './platform/runtime/idle-heap-collector';
import { RedisConnections } from './platform/redis/redis-connections';

/** Connections waiting to be accepted (Linux caps it at net.core.somaxconn, 4096 by default). */
const LISTEN_BACKLOG = 4096;

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = new JsonLogger(config.log.level, config.log.format);
  const app = await createHttpApp(config, logger);
  // After Nest's own signal handler (createHttpApp enables it), which ends the process.
  watchShutdownSignals();
  await app.init();
  // Before listening, so that whoever sees the server answer also finds its credentials.
  const bootstrap = app.get(RootRealmBootstrap);
  const owner = await bootstrap.ensureOwner();
  if (owner) {
    const shown = showsSecrets(process.stdout);
    if (shown) process.stdout.write(ownerCredentials(owner));
    // Logs outlive the terminal (containers keep them): where the credentials are, never them.
    const password = shown
      ? 'its password printed on the terminal only'
      : `its password not shown (standard output is no terminal): set one with \`${cliCommandLine(`change-password --realm "" --email ${owner.email}`, config.server.startedByNpm)}\``;
    logger.write('info', `created the root realm's owner ${owner.email}: API key in ${owner.zuliprcPath}, ${password}`, { context: 'main' });
  }
  // Before the API port: whoever sees the server answer can scrape it too.
  await listenOn('METRICS_PORT', config.metrics.listener.port, () => app.get(MetricsListener).listen());
  // A reconnect storm (thousands of clients back after a restart) must wait in the kernel's
  // accept queue, not be dropped from it: Node's default backlog is 511.
  await listenOn('PORT', config.server.port, () => app.listen({ port: config.server.port, host: '0.0.0.0', backlog: LISTEN_BACKLOG }));
  await app.get(CliChannelServer).listen();
  app.get(WebhookWorker).startForServer(config.redis.url !== undefined);
  await app.get(QueueRestartNotice).announce();
  await app.get(RetentionScheduler).start();
  await app.get(ScheduledMessageScheduler).start();
  await app.get(RealmExportRunner).start();
  await app.get(MissedMessageScheduler).start();
  await app.get(MailDelivery).start();
  // With push off it stays unstarted, and readiness does not wait for it (its probe says why).
  await app.get(PushDelivery).start();
  await app.get(DigestScheduler).start();
  await app.get(WebhookRecoverySweep).start();
  await app.get(ThumbnailScheduler).start();
  startIdleHeapCollector();
  const redis = app.get(RedisConnections);
  const summary = startupSummary(config, {
    realms: await bootstrap.realmCount(),
    ownerCredentials: bootstrap.zuliprcPath(),
    redisNamespace: redis.configured ? redis.keyspace.namespace : undefined,
  });
  logger.write('info', summary.msg, summary.fields);
}

/**
 * Listens, turning a port that cannot be had into a one-line message naming its variable
 * (the operator's fix) rather than a stack trace.
 */
async function listenOn<T>(variable: string, port: number, listen: () => Promise<T>): Promise<T> {
  try {
    return await listen();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE') throw new ConfigError(`${variable} ${port} is taken: another process listens on it; stop it or set ${variable} to a free port`);
    if (code === 'EACCES') throw new ConfigError(`${variable} ${port} needs privileges this process lacks; set ${variable} to a port above 1023`);
    throw error;
  }
}

/**
 * The first owner's credentials, for the person at the terminal: the password exists
 * nowhere else (the database keeps its hash), the rest is in the zuliprc too.
 */
function ownerCredentials(owner: FirstOwner): string {
  return [
    'Created the owner of the root realm (the password is shown only here, once):',
    `  email:    ${owner.email}`,
    `  password: ${owner.password}`,
    `  API key:  ${owner.apiKey}`,
    `  zuliprc:  ${owner.zuliprcPath}`,
    '',
  ].join('\n');
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : (error as Error).stack ?? String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
