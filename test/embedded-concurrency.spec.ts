import { ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { DataSource } from 'typeorm';
import { dataSourceOptions } from '../src/platform/database/data-source-options';
import { DATABASE_ENTITIES } from '../src/database-entities';
import { runMigrations } from '../src/platform/database/database.module';
import { EmbeddedConnection } from '../src/platform/database/embedded-postgres';
import { DIST, ROOT } from './support/server-process';

/**
 * The embedded PostgreSQL is one PGlite session shared by every pool connection through
 * pglite-socket: concurrent statements and transactions from different connections must
 * still behave as they do on a real server.
 */
const d = process.env.DATABASE_URL ? describe.skip : describe;

const POOL_SIZE = 16;

/**
 * PGlite loads its Node modules with dynamic `import()`, which jest's VM refuses without
 * --experimental-vm-modules; so EmbeddedPostgres runs (from the build, as the server runs
 * it) in a plain Node child, and this process talks to it over its Unix socket as the
 * server's pool does. The child stops when its stdin closes.
 */
const EMBEDDED_CHILD = `
const { EmbeddedPostgres } = require(process.argv[1]);
EmbeddedPostgres.start(process.argv[2]).then(
  (embedded) => {
    process.stdout.write(JSON.stringify(embedded.connection) + '\\n');
    process.stdin.on('end', () => embedded.stop().then(() => process.exit(0), () => process.exit(1)));
    process.stdin.resume();
  },
  (error) => {
    process.stderr.write(String(error && error.stack || error));
    process.exit(1);
  },
);`;

async function startEmbedded(dataDir: string): Promise<{ child: ChildProcess; connection: EmbeddedConnection }> {
  const modulePath = path.join(DIST, 'platform', 'database', 'embedded-postgres.js');
  // A build outside the project (CHAT_DIST=/tmp/...) still finds the project's packages.
  const nodePath = [path.join(ROOT, 'node_modules'), process.env.NODE_PATH].filter(Boolean).join(path.delimiter);
  const child = spawn(process.execPath, ['-e', EMBEDDED_CHILD, modulePath, dataDir], {
    env: { ...process.env, NODE_PATH: nodePath },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const connection = await new Promise<EmbeddedConnection>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('\n')) resolve(JSON.parse(out.slice(0, out.indexOf('\n'))) as EmbeddedConnection);
    });
    child.once('exit', (code) => reject(new Error(`embedded PostgreSQL exited with ${code}: ${err}`)));
  });
  return { child, connection };
}

async function stopEmbedded(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.stdin?.end();
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

d('embedded PostgreSQL under concurrency', () => {
  let dataDir: string;
  let embedded: ChildProcess | undefined;
  let dataSource: DataSource;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chat-embedded-'));
    const started = await startEmbedded(dataDir);
    embedded = started.child;
    dataSource = new DataSource(dataSourceOptions(started.connection, POOL_SIZE, DATABASE_ENTITIES));
    await dataSource.initialize();
    await runMigrations(dataSource);
    await dataSource.query('CREATE TABLE concurrency_counter (id int PRIMARY KEY, value int NOT NULL)');
    await dataSource.query('CREATE TABLE concurrency_row (id serial PRIMARY KEY, owner int NOT NULL, payload text NOT NULL)');
  }, 120_000);

  afterAll(async () => {
    if (dataSource?.isInitialized) await dataSource.destroy();
    if (embedded) await stopEmbedded(embedded);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('has applied the migrations', async () => {
    const rows: { name: string }[] = await dataSource.query('SELECT name FROM typeorm_migrations');
    expect(rows.length).toBeGreaterThan(0);
  });

  it('keeps every increment of 24 concurrent SELECT ... FOR UPDATE / UPDATE transactions', async () => {
    await dataSource.query('INSERT INTO concurrency_counter (id, value) VALUES (1, 0)');
    const transactions = 24;
    const incrementsEach = 5;
    await Promise.all(
      Array.from({ length: transactions }, () =>
        dataSource.transaction(async (manager) => {
          for (let i = 0; i < incrementsEach; i++) {
            const [row] = (await manager.query('SELECT value FROM concurrency_counter WHERE id = $1 FOR UPDATE', [1])) as { value: number }[];
            await manager.query('UPDATE concurrency_counter SET value = $1 WHERE id = $2', [row.value + 1, 1]);
          }
        }),
      ),
    );
    const [final] = (await dataSource.query('SELECT value FROM concurrency_counter WHERE id = $1', [1])) as { value: number }[];
    expect(final.value).toBe(transactions * incrementsEach);
  });

  it('keeps the rows of committed transactions and none of the rolled-back ones', async () => {
    const owners = Array.from({ length: 30 }, (_, i) => 1000 + i);
    const rollsBack = (owner: number): boolean => owner % 3 === 0;
    const outcomes = await Promise.allSettled(
      owners.map((owner) =>
        dataSource.transaction(async (manager) => {
          for (let i = 0; i < 3; i++) {
            await manager.query('INSERT INTO concurrency_row (owner, payload) VALUES ($1, $2)', [owner, `row ${i} of ${owner}`]);
          }
          if (rollsBack(owner)) throw new Error(`roll back ${owner}`);
        }),
      ),
    );
    outcomes.forEach((outcome, i) => {
      if (rollsBack(owners[i])) expect(outcome).toMatchObject({ status: 'rejected', reason: { message: `roll back ${owners[i]}` } });
      else expect(outcome.status).toBe('fulfilled');
    });
    const rows = (await dataSource.query('SELECT owner, count(*)::int AS n FROM concurrency_row GROUP BY owner ORDER BY owner')) as {
      owner: number;
      n: number;
    }[];
    expect(rows).toEqual(owners.filter((owner) => !rollsBack(owner)).map((owner) => ({ owner, n: 3 })));
  });

  it('answers each of many concurrent parameterized queries with its own result', async () => {
    // Different statements with different numbers of parameters, all in flight at once:
    // an answer meant for another connection, or a statement bound to another's
    // parameters, shows up as a wrong value or an error.
    const results = await Promise.all(
      Array.from({ length: 200 }, async (_, i) => {
        if (i % 2 === 0) {
          const [row] = (await dataSource.query('SELECT $1::int AS n', [i])) as { n: number }[];
          return row.n;
        }
        const [row] = (await dataSource.query('SELECT $1::int + $2::int AS n', [i, 0])) as { n: number }[];
        return row.n;
      }),
    );
    expect(results).toEqual(Array.from({ length: 200 }, (_, i) => i));
  });

  it('mixes concurrent transactions with concurrent queries outside any transaction', async () => {
    await dataSource.query('INSERT INTO concurrency_counter (id, value) VALUES (2, 0)');
    const work = Array.from({ length: 40 }, async (_, i) => {
      if (i % 2 === 0) {
        await dataSource.transaction(async (manager) => {
          const [row] = (await manager.query('SELECT value FROM concurrency_counter WHERE id = $1 FOR UPDATE', [2])) as { value: number }[];
          await manager.query('UPDATE concurrency_counter SET value = $1 WHERE id = $2', [row.value + 1, 2]);
        });
        return i;
      }
      const [row] = (await dataSource.query('SELECT $1::text AS echo', [`q${i}`])) as { echo: string }[];
      return row.echo === `q${i}` ? i : -1;
    });
    expect(await Promise.all(work)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    const [final] = (await dataSource.query('SELECT value FROM concurrency_counter WHERE id = $1', [2])) as { value: number }[];
    expect(final.value).toBe(20);
  });

  it('answers each query with its own result while transactions that wait between statements are open', async () => {
    // A transaction holds the single PGlite session from BEGIN to COMMIT; statements that
    // other connections send meanwhile queue up. Each must still run as a whole, against
    // its own parameters, once the session is free.
    await dataSource.query('INSERT INTO concurrency_counter (id, value) VALUES (3, 0)');
    const transactions = Array.from({ length: 8 }, () =>
      dataSource.transaction(async (manager) => {
        const [row] = (await manager.query('SELECT value FROM concurrency_counter WHERE id = $1 FOR UPDATE', [3])) as {
          value: number;
        }[];
        await new Promise((resolve) => setTimeout(resolve, 5));
        await manager.query('UPDATE concurrency_counter SET value = $1 WHERE id = $2', [row.value + 1, 3]);
      }),
    );
    const queries = Array.from({ length: 120 }, async (_, i) => {
      await new Promise((resolve) => setTimeout(resolve, i % 20));
      switch (i % 3) {
        case 0:
          return ((await dataSource.query(`SELECT $1::int AS n, 'a${i}' AS tag`, [i])) as { n: number }[])[0].n;
        case 1:
          return ((await dataSource.query(`SELECT $1::int + $2::int AS n, 'b${i}' AS tag`, [i, 0])) as { n: number }[])[0].n;
        default:
          return ((await dataSource.query(`SELECT $1::int * $2::int + $3::int AS n, 'c${i}' AS tag`, [i, 1, 0])) as {
            n: number;
          }[])[0].n;
      }
    });
    const [answers] = await Promise.all([Promise.all(queries), Promise.all(transactions)]);
    expect(answers).toEqual(Array.from({ length: 120 }, (_, i) => i));
    const [final] = (await dataSource.query('SELECT value FROM concurrency_counter WHERE id = $1', [3])) as { value: number }[];
    expect(final.value).toBe(8);
  });

  it('round-trips a 1 MB text parameter', async () => {
    const big = Array.from({ length: 1024 * 1024 }, (_, i) => String.fromCharCode(97 + (i % 26))).join('');
    const [inserted] = (await dataSource.query('INSERT INTO concurrency_row (owner, payload) VALUES ($1, $2) RETURNING id', [
      1,
      big,
    ])) as { id: number }[];
    const [row] = (await dataSource.query('SELECT payload, length(payload) AS length FROM concurrency_row WHERE id = $1', [
      inserted.id,
    ])) as { payload: string; length: number }[];
    expect(row.length).toBe(big.length);
    expect(row.payload === big).toBe(true);
  });

  it('round-trips 1 MB parameters while other connections run other statements', async () => {
    // A 1 MB message reaches the socket in several chunks: the other connections' small
    // statements arrive in between.
    const payloads = Array.from({ length: 6 }, (_, k) => String.fromCharCode(65 + k).repeat(1024 * 1024));
    const big = payloads.map(async (payload) => {
      const [row] = (await dataSource.query('SELECT $1::text AS payload', [payload])) as { payload: string }[];
      return row.payload === payload;
    });
    const small = Array.from({ length: 60 }, async (_, i) => {
      const [row] = (await dataSource.query(`SELECT $1::int + $2::int AS n, 's${i}' AS tag`, [i, 1])) as { n: number }[];
      return row.n === i + 1;
    });
    expect(await Promise.all([...big, ...small])).toEqual(Array.from({ length: 66 }, () => true));
  });
});
