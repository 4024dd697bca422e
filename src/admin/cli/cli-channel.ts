import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { StorageSettings } from '../../platform/config/settings';
import { CliError } from './cli-args';
import { CliAnswer, CliRequest, cliSocketPath, cliSockets } from './cli-client';
import { CliCommands } from './cli-commands';
import { markServingCli } from './cli-serving';

/**
 * The server's end of the CLI hand-off: in embedded mode only the server may open the
 * database, and without Redis only it holds the event queues, so the CLI asks it to run
 * the command. A Unix socket in a directory only this user may enter keeps others out.
 */
@Injectable()
export class CliChannelServer implements OnApplicationShutdown {
  private readonly logger = new Logger(CliChannelServer.name);
  private server: net.Server | null = null;

  constructor(
    private readonly storage: StorageSettings,
    private readonly commands: CliCommands,
  ) {}

  async listen(): Promise<void> {
    const socketPath = cliSocketPath(this.storage, process.pid);
    for (const dir of [path.dirname(path.dirname(socketPath)), path.dirname(socketPath)]) {
      fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
      fs.chmodSync(dir, 0o700);
    }
    await removeStaleSockets(this.storage);
    // A socket of this pid is a dead process's (pids are reused, e.g. in a container).
    fs.rmSync(socketPath, { force: true });
    const server = net.createServer((socket) => this.serve(socket));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => resolve());
    });
    fs.chmodSync(socketPath, 0o600);
    this.server = server;
    markServingCli(true);
  }

  async onApplicationShutdown(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = null;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(cliSocketPath(this.storage, process.pid), { force: true });
  }

  private serve(socket: net.Socket): void {
    let buffer = '';
    socket.setEncoding('utf8');
    socket.on('error', () => socket.destroy());
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      const newline = buffer.indexOf('\n');
      if (newline < 0) return;
      socket.removeAllListeners('data');
      void this.answer(buffer.slice(0, newline)).then((answer) => socket.end(`${JSON.stringify(answer)}\n`));
    });
  }

  private async answer(line: string): Promise<CliAnswer> {
    try {
      const request = JSON.parse(line) as CliRequest;
      return { ok: true, result: await this.commands.run(request.command, request.args ?? {}) };
    } catch (error) {
      if (error instanceof CliError) return { ok: false, error: error.message };
      this.logger.error(`CLI command failed: ${(error as Error).message}`, (error as Error).stack);
      return { ok: false, error: `internal error: ${(error as Error).message}` };
    }
  }
}

/** Removes the sockets no process listens on any more (a process killed before it could). */
async function removeStaleSockets(storage: StorageSettings): Promise<void> {
  await Promise.all(
    cliSockets(storage).map(
      (socket) =>
        new Promise<void>((resolve) => {
          const probe = net.createConnection(socket);
          probe.once('connect', () => {
            probe.destroy();
            resolve();
          });
          probe.once('error', (error: NodeJS.ErrnoException) => {
            if (error.code === 'ECONNREFUSED' || error.code === 'ENOENT') fs.rmSync(socket, { force: true });
            resolve();
          });
        }),
    ),
  );
}
