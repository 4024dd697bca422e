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

/**
 * Where the running servers listen for CLI commands: one socket per process, named by its
 * pid, in `DATA_DIR`, owner-only. Several processes may share a `DATA_DIR` (a server and
 * its worker, or two servers on PostgreSQL); each keeps its own socket, so none takes over
 * another's and `status` can ask them all.
 */
export function cliSocketDir(storage: Pick<StorageSettings, 'dataDir'>): string {
  return path.join(storage.dataDir, 'run', 'cli');
}

export function cliSocketPath(storage: Pick<StorageSettings, 'dataDir'>, pid: number): string {
  return path.join(cliSocketDir(storage), `${pid}.sock`);
}

/** The socket files in the folder, the longest-standing process's first (by the file's age). */
export function cliSockets(storage: Pick<StorageSettings, 'dataDir'>): string[] {
  const dir = cliSocketDir(storage);
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => /^\d+\.sock$/.test(name))
    .map((name) => path.join(dir, name))
    .map((file) => ({ file, born: fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs }))
    .filter((entry): entry is { file: string; born: number } => entry.born !== undefined)
    .sort((a, b) => a.born - b.born)
    .map((entry) => entry.file);
}

/** The first running server that answers `request`, or null when none does. */
export async function handToAnyServer(storage: Pick<StorageSettings, 'dataDir'>, request: CliRequest): Promise<CliAnswer | null> {
  for (const socket of cliSockets(storage)) {
    const answer = await handToServer(socket, request);
    if (answer) return answer;
  }
  return null;
}

/** Every running server's answer to `request`, the longest-standing process's first. */
export async function askEveryServer(storage: Pick<StorageSettings, 'dataDir'>, request: CliRequest): Promise<CliAnswer[]> {
  const answers = await Promise.all(cliSockets(storage).map((socket) => handToServer(socket, request)));
  return answers.filter((answer): answer is CliAnswer => answer !== null);
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
