import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import type { StorageSettings } from '../../platform/config/settings';
import { CliArgs } from './cli-args';

/** One request and one answer per connection, each a JSON line. */
export interface CliRequest {
  command: string;
  args: CliArgs;
}

export type CliAnswer = { ok: true; result: object } | { ok: false; error: string };

/** Where a running server listens for CLI commands: in `DATA_DIR`, owner-only. */
export function cliSocketPath(storage: StorageSettings): string {
  return path.join(storage.dataDir, 'run', 'cli.sock');
}

/**
 * The CLI's end: sends the command to a running server. Null when no server answers on
 * the socket (none runs, or a stale socket file was left by a killed one).
 */
export function handToServer(socketPath: string, request: CliRequest): Promise<CliAnswer | null> {
  if (!fs.existsSync(socketPath)) return Promise.resolve(null);
  return new Promise((resolve) => {
    const socket = net.createConnection(socketPath);
    let connected = false;
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      connected = true;
      socket.write(`${JSON.stringify(request)}\n`);
    });
    socket.on('data', (chunk: string) => (buffer += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(buffer) as CliAnswer);
      } catch {
        resolve({ ok: false, error: 'the running server gave no answer' });
      }
    });
    socket.on('error', (error) => {
      if (!connected) resolve(null);
      else resolve({ ok: false, error: `lost the running server: ${error.message}` });
    });
  });
}
