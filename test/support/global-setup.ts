import { releaseBuild, useFreshBuild } from './fresh-build';
import { startServer } from './server-process';

/** One server for the whole run, from a dist/ as fresh as src/ and web/; test files isolate themselves by realm. */
export default async function globalSetup(): Promise<void> {
  await useFreshBuild();
  try {
    const server = await startServer({ WORKER: 'true' });
    (globalThis as { __chatServer?: unknown }).__chatServer = server;
    process.env.TEST_SERVER_PORT = String(server.port);
    process.env.TEST_DATA_DIR = server.dataDir;
  } catch (error) {
    releaseBuild();
    throw error;
  }
}
