import * as fs from 'node:fs';
import { releaseBuild } from './fresh-build';
import { ServerProcess } from './server-process';

export default async function globalTeardown(): Promise<void> {
  try {
    const server = (globalThis as { __chatServer?: ServerProcess }).__chatServer;
    if (!server) return;
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  } finally {
    releaseBuild();
  }
}
