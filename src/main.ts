import 'reflect-metadata';
import { createHttpApp } from './app.factory';
import { RootRealmBootstrap } from './admin/root-realm.bootstrap';
import { CliChannelServer } from './admin/cli/cli-channel';
import { ConfigError, loadConfig } from './platform/config/app-config';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createHttpApp(config);
  await app.init();
  // Before listening, so that whoever sees the server answer also finds its credentials.
  const owner = await app.get(RootRealmBootstrap).ensureOwner();
  await app.listen({ port: config.port, host: '0.0.0.0' });
  await app.get(CliChannelServer).listen();
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
  process.stderr.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: `listening on port ${config.port}` })}\n`);
}

main().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : (error as Error).stack ?? String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
