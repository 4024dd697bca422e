import * as fs from 'node:fs';
import * as net from 'node:net';
import * as path from 'node:path';
import { Injectable, Logger, OnApplicationShutdown } from '@nestjs/common';
import { StorageSettings } from '../../platform/config/settings';
import { CliError } from './cli-args';
import { CliAnswer, CliRequest, cliSocketPath } from './cli-client';
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
    const socketPath = cliSocketPath(this.storage);
    fs.mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
    fs.chmodSync(path.dirname(socketPath), 0o700);
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
    fs.rmSync(cliSocketPath(this.storage), { force: true });
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
