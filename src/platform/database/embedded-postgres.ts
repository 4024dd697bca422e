import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** Longest Unix socket path that is safe on Linux (sun_path is 108 bytes with its NUL). */
const MAX_SOCKET_PATH = 100;
/** pg connects to `<dir>/.s.PGSQL.<port>`; the port is only part of the file name. */
const SOCKET_PORT = 5432;
/**
 * PGlite is one session; the socket server hands it to one wire connection at a time and
 * keeps it with a connection for the length of its transaction. Every pool connection must
 * fit under this cap, or the extra ones are refused.
 */
export const EMBEDDED_MAX_CONNECTIONS = 64;

export interface EmbeddedConnection {
  host: string;
  port: number;
  user: string;
  database: string;
}

/**
 * PostgreSQL compiled to WebAssembly, running in this process with its files in
 * `DATA_DIR/pgdata`, served to the ordinary `pg` driver over a Unix socket that only this
 * user can open. Runs with fsync off: an OS crash may lose the last commits.
 */
export class EmbeddedPostgres {
  private constructor(
    private readonly db: PGlite,
    private readonly server: PGLiteSocketServer,
    private readonly socketDir: string,
    private readonly ownsSocketDir: boolean,
  ) {}

  static async start(dataDir: string): Promise<EmbeddedPostgres> {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const pgdata = path.join(dataDir, 'pgdata');
    const db = await PGlite.create({ dataDir: pgdata });
    let socketDir = path.join(dataDir, 'run');
    let ownsSocketDir = false;
    if (path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`).length > MAX_SOCKET_PATH) {
      socketDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-pg-'));
      ownsSocketDir = true;
    } else {
      fs.mkdirSync(socketDir, { recursive: true, mode: 0o700 });
    }
    fs.chmodSync(socketDir, 0o700);
    const socketPath = path.join(socketDir, `.s.PGSQL.${SOCKET_PORT}`);
    fs.rmSync(socketPath, { force: true });
    const server = new PGLiteSocketServer({ db, path: socketPath, maxConnections: EMBEDDED_MAX_CONNECTIONS });
    await server.start();
    return new EmbeddedPostgres(db, server, socketDir, ownsSocketDir);
  }

  get connection(): EmbeddedConnection {
    return { host: this.socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' };
  }

  async stop(): Promise<void> {
    await this.server.stop();
    await this.db.close();
    if (this.ownsSocketDir) fs.rmSync(this.socketDir, { recursive: true, force: true });
  }
}
