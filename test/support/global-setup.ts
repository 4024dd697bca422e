import { startServer } from './server-process';

/** One server for the whole run; test files isolate themselves by realm. */
export default async function globalSetup(): Promise<void> {
  const server = await startServer({ WORKER: 'true' });
  (globalThis as { __chatServer?: unknown }).__chatServer = server;
  process.env.TEST_SERVER_PORT = String(server.port);
  process.env.TEST_DATA_DIR = server.dataDir;
}
