import 'reflect-metadata';
import { CliArgs, CliError, CliHelpRequested, parseCliArgs } from './admin/cli/cli-args';
import { askEveryServer, handToAnyServer } from './admin/cli/cli-client';
import { AppConfig, ConfigError, loadConfig } from './platform/config/app-config';

/**
 * The management CLI: one JSON line on stdout and exit 0, or the reason on stderr and
 * exit 1. A running server gets the command whenever it alone can carry it out (embedded
 * database, or event queues in its memory); otherwise the CLI runs it itself.
 */
async function main(): Promise<object> {
  const config = loadConfig();
  const { command, args } = parseCliArgs(process.argv.slice(2));
  // Asked here, before a running server may take the command: only this process has the terminal.
  if (command === 'change-password' && args.password === undefined) {
    const { readNewPassword } = await import('./admin/cli/cli-password-prompt');
    args.password = await readNewPassword();
  }
  // Needs the terminal (the service's terms) and no database: this process alone carries it out.
  if (command === 'register-push-server') {
    const { registerPushServer, terminalQuestion, PushRegistrationError } = await import('./push-devices/commands/register-push-server');
    try {
      return await registerPushServer(config.push, config.server, {
        contactEmail: args['contact-email'],
        agreeToTerms: args['agree-to-terms-of-service'] === 'true',
        rotateKey: args['rotate-key'] === 'true',
        ask: terminalQuestion(),
        show: (text) => process.stderr.write(`${text}\n`),
      });
    } catch (error) {
      if (error instanceof PushRegistrationError) throw new CliError(error.message);
      throw error;
    }
  }
  // `status` describes the running servers (their parked polls, their workers) whenever one answers.
  if (command === 'status') {
    const answers = await askEveryServer(config.storage, { command, args });
    const statuses = answers.flatMap((answer) => (answer.ok ? [answer.result] : []));
    const [first] = statuses;
    return { ...(first ?? (await runHere(config, command, args))), servers: statuses };
  }
  if (!(config.database.url && config.redis.url)) {
    const answer = await handToAnyServer(config.storage, { command, args });
    if (answer) {
      if (!answer.ok) throw new CliError(answer.error);
      return answer.result;
    }
  }
  return runHere(config, command, args);
}

/**
 * A command's pool: it runs one command, mostly one query after another, and the servers
 * beside it count its connections against max_connections at this size.
 */
const ONE_SHOT_POOL_SIZE = 4;

/**
 * Runs the command in this process. The application's modules load only now: usage, a
 * mistyped option or a command a running server carries out answer without them (about
 * 1.5 s of module loading).
 */
async function runHere(config: AppConfig, command: string, args: CliArgs): Promise<object> {
  const [{ NestFactory }, { AppModule }, { CliCommands }, { EventDispatcher }, { JsonLogger }] = await Promise.all([
    import('@nestjs/core'),
    import('./app.module'),
    import('./admin/cli/cli-commands'),
    import('./platform/events/queues/event-dispatcher.service'),
    import('./platform/logging/logger'),
  ]);
  // A one-shot command's start-up chatter would bury its answer: the CLI logs warnings and
  // errors only, whatever LOG_LEVEL the server beside it uses.
  const oneShot: AppConfig = { ...config, database: { ...config.database, poolSize: Math.min(config.database.poolSize, ONE_SHOT_POOL_SIZE), oneShot: true } };
  const app = await NestFactory.createApplicationContext(AppModule.forRoot(oneShot), {
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
    if (error instanceof CliHelpRequested) {
      process.stdout.write(`${error.message}\n`);
      process.exit(0);
    }
    const known = error instanceof CliError || error instanceof ConfigError;
    process.stderr.write(`${known ? (error as Error).message : ((error as Error).stack ?? String(error))}\n`);
    process.exit(1);
  },
);
