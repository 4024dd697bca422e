import { fork } from 'node:child_process';
import * as fs from 'node:fs';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** Longest Unix socket path that is safe on Linux (sun_path is 108 bytes with its NUL). */
const MAX_SOCKET_PATH = 100;
/** pg connects to `<dir>/.s.PGSQL.<port>`; the port is only part of the file name. */
const SOCKET_PORT = 5432;
export const EMBEDDED_MAX_CONNECTIONS = 64;

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;

export interface EmbeddedConnection {
  host: string;
  port: number;
  user: string;
  database: string;
}

/**
 * PGlite is a single session. Wire connections take turns on it a whole "unit" at a time:
 * the messages up to and including a Sync, a simple Query or a Flush (or the startup
 * message). A connection keeps the session after its unit while a transaction is open
 * or an extended-protocol exchange is unfinished (it ended with Flush), so no other
 * connection's Parse can replace its unnamed statement and no other connection's
 * statement can run inside its transaction.
 */
class SessionLock {
  private owner: WireConnection | null = null;
  private readonly waiting: { connection: WireConnection; grant: () => void }[] = [];

  acquire(connection: WireConnection): Promise<void> {
    if (this.owner === null || this.owner === connection) {
      this.owner = connection;
      return Promise.resolve();
    }
    return new Promise((grant) => this.waiting.push({ connection, grant }));
  }

  release(connection: WireConnection): void {
    if (this.owner !== connection) {
      const index = this.waiting.findIndex((waiter) => waiter.connection === connection);
      if (index >= 0) this.waiting.splice(index, 1);
      return;
    }
    const next = this.waiting.shift();
    this.owner = next?.connection ?? null;
    next?.grant();
  }

  ownedBy(connection: WireConnection): boolean {
    return this.owner === connection;
  }
}

class WireConnection {
  private buffer: Buffer = Buffer.alloc(0);
  private started = false;
  private unit: Uint8Array[] = [];
  private readonly units: Uint8Array[][] = [];
  private pumping = false;
  private closed = false;

  constructor(
    private readonly socket: net.Socket,
    private readonly db: PGlite,
    private readonly lock: SessionLock,
    private readonly onClosed: (connection: WireConnection) => void,
  ) {
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('error', () => this.close());
    socket.on('close', () => this.close());
  }

  private receive(chunk: Buffer): void {
    this.buffer = this.buffer.length === 0 ? chunk : Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (!this.started) {
        if (this.buffer.length < 8) break;
        const length = this.buffer.readInt32BE(0);
        if (this.buffer.length < length) break;
        const code = this.buffer.readInt32BE(4);
        const message = this.buffer.subarray(0, length);
        this.buffer = this.buffer.subarray(length);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
          this.socket.write('N');
        } else if (code === CANCEL_REQUEST) {
          // No backend to signal: a cancel request closes its own connection.
          this.socket.end();
          return;
        } else {
          this.started = true;
          this.units.push([new Uint8Array(message)]);
        }
        continue;
      }
      if (this.buffer.length < 5) break;
      const length = 1 + this.buffer.readInt32BE(1);
      if (this.buffer.length < length) break;
      const type = String.fromCharCode(this.buffer[0]);
      const message = new Uint8Array(this.buffer.subarray(0, length));
      this.buffer = this.buffer.subarray(length);
      if (type === 'X') {
        this.socket.end();
        return;
      }
      this.unit.push(message);
      if (type === 'S' || type === 'Q' || type === 'H') {
        this.units.push(this.unit);
        this.unit = [];
      }
    }
    void this.pump();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.units.length > 0 && !this.closed) {
        const unit = this.units.shift() as Uint8Array[];
        await this.lock.acquire(this);
        if (this.closed) break;
        this.socket.cork();
        try {
          for (const message of unit) {
            await this.db.runExclusive(() =>
              this.db.execProtocolRawStream(message, {
                // The data is a view of PGlite's memory, reused once this returns: copy it.
                onRawData: (data) => {
                  if (!this.closed) this.socket.write(Buffer.from(data));
                },
              }),
            );
          }
        } finally {
          this.socket.uncork();
        }
        const endsWithFlush = unit[unit.length - 1][0] === 0x48; // 'H'
        if (!endsWithFlush && !this.db.isInTransaction()) this.lock.release(this);
      }
    } catch {
      // PGlite itself failed on this connection's message: end the connection, free the session.
      this.socket.destroy();
      await this.close();
    } finally {
      this.pumping = false;
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.units.length = 0;
    this.unit = [];
    if (this.lock.ownedBy(this)) {
      // Wait for a message still running, then undo what this connection left open
      // (unless its unit ended meanwhile and the session went to another connection).
      await this.db.runExclusive(async () => {
        if (this.lock.ownedBy(this) && this.db.isInTransaction()) await this.db.exec('ROLLBACK').catch(() => undefined);
      });
    }
    this.lock.release(this);
    this.onClosed(this);
  }
}

class WireServer {
  private readonly connections = new Set<WireConnection>();
  private readonly sockets = new Set<net.Socket>();
  private readonly lock = new SessionLock();
  private readonly server: net.Server;

  constructor(private readonly db: PGlite) {
    this.server = net.createServer((socket) => {
      if (this.connections.size >= EMBEDDED_MAX_CONNECTIONS) {
        socket.destroy();
        return;
      }
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
      this.connections.add(new WireConnection(socket, db, this.lock, (connection) => this.connections.delete(connection)));
    });
  }

  listen(socketPath: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(socketPath, () => {
        this.server.off('error', reject);
        resolve();
      });
    });
  }

  async close(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.sockets) socket.destroy();
    await Promise.all([...this.connections].map((connection) => connection.close()));
    await closed;
  }
}

/**
 * PostgreSQL settings of the embedded database. Its buffers live in the process's own
 * memory (WebAssembly's, which never shrinks) rather than in shared memory beside it, and
 * the files it reads are in the operating system's cache anyway: 32 MB instead of the
 * default 128 MB kept a server with 10,000 parked polls under 500 MB.
 */
const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=32MB'];

/**
 * Runs initdb in a child process (embedded-initdb.ts): the memory it grows PGlite to stays
 * with the process that ran it, and the server opening the new database needs half of it.
 */
function createDatabase(pgdata: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(path.join(__dirname, 'embedded-initdb.js'), [pgdata], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`creating the embedded database failed (exit code ${code})`))));
  });
}

/**
 * PostgreSQL compiled to WebAssembly, running in this process with its files in
 * `DATA_DIR/pgdata`, served to the ordinary `pg` driver over a Unix socket that only this
 * user can open. Runs with fsync off: an OS crash may lose the last commits.
 */
export class EmbeddedPostgres {
  private constructor(
    private readonly db: PGlite,
    private readonly server: WireServer,
    private readonly socketDir: string,
    private readonly ownsSocketDir: boolean,
  ) {}

  static async start(dataDir: string): Promise<EmbeddedPostgres> {
    fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
    const pgdata = path.join(dataDir, 'pgdata');
    if (!fs.existsSync(path.join(pgdata, 'PG_VERSION'))) await createDatabase(pgdata);
    const db = await PGlite.create({ dataDir: pgdata, startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS] });
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
    const server = new WireServer(db);
    await server.listen(socketPath);
    return new EmbeddedPostgres(db, server, socketDir, ownsSocketDir);
  }

  get connection(): EmbeddedConnection {
    return { host: this.socketDir, port: SOCKET_PORT, user: 'postgres', database: 'postgres' };
  }

  async stop(): Promise<void> {
    await this.server.close();
    await this.db.close();
    if (this.ownsSocketDir) fs.rmSync(this.socketDir, { recursive: true, force: true });
  }
}
