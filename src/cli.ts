import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { AppModule } from './app.module';
import { cliSocketPath, handToServer } from './admin/cli/cli-channel';
import { CliCommands, CliError, parseCliArgs } from './admin/cli/cli-commands';
import { EventDispatcher } from './events/queues/event-dispatcher.service';
import { ConfigError, loadConfig } from './platform/config/app-config';
import { JsonLogger } from './platform/logging/logger';

/**
 * The management CLI: one JSON line on stdout and exit 0, or the reason on stderr and
 * exit 1. A running server gets the command whenever it alone can carry it out (embedded
 * database, or event queues in its memory); otherwise the CLI runs it itself.
 */
async function main(): Promise<object> {
  const config = loadConfig();
  const { command, args } = parseCliArgs(process.argv.slice(2));
  // `status` describes the running server (its parked polls, its workers) whenever one answers.
  if (!(config.database.url && config.redis.url) || command === 'status') {
    const answer = await handToServer(cliSocketPath(config.storage), { command, args });
    if (answer) {
      if (!answer.ok) throw new CliError(answer.error);
      return answer.result;
    }
  }
  // A one-shot command's start-up chatter (module loading at `info`) would bury its answer:
  // the CLI logs warnings and errors only, whatever LOG_LEVEL the server beside it uses.
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(config), {
    logger: new JsonLogger(config.log.level === 'error' ? 'error' : 'warn', config.log.format),
  });
  try {
    const result = await app.get(CliCommands).run(command, args);
    await app.get(EventDispatcher).idle();
    return result;
  } finally {
    await app.close();
  }
}

main().then(
  (result) => {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    process.exit(0);
  },
  (error: unknown) => {
    const known = error instanceof CliError || error instanceof ConfigError;
    process.stderr.write(`${known ? (error as Error).message : ((error as Error).stack ?? String(error))}\n`);
    process.exit(1);
  },
);
