import * as fs from 'node:fs';
import { OwnDatabase, ownDatabase, ServerProcess, startServer } from './server-process';
import { SmtpSink } from './smtp-sink';

/** A server of a spec file's own that sends its mail to an SMTP sink in the test process. */
export interface MailServer {
  server: ServerProcess;
  smtp: SmtpSink;
  stop(): Promise<void>;
}

/**
 * Starts an SMTP sink and a server mailing through it, on a database of its own when the
 * run uses PostgreSQL (`databasePrefix`): the run's server, which has no SMTP_URL, must not
 * sweep this one's mail. `env` adds to or overrides the server's environment.
 */
export async function startMailServer(databasePrefix: string, env: NodeJS.ProcessEnv = {}): Promise<MailServer> {
  const smtp = await SmtpSink.create();
  let database: OwnDatabase | undefined;
  let server: ServerProcess | undefined;
  const stop = async (): Promise<void> => {
    await server?.stop();
    await smtp.stop();
    await database?.drop();
    if (server) fs.rmSync(server.dataDir, { recursive: true, force: true });
  };
  try {
    database = await ownDatabase(databasePrefix);
    server = await startServer({ SMTP_URL: smtp.url, ...(database ? { DATABASE_URL: database.url } : {}), ...env });
    return { server, smtp, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
