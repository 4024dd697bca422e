import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * `npm run bench -- <name> [--flag value ...]`: runs one benchmark against a server process
 * of its own, started from the build next to this file (`dist-bench/src/main.js`) unless
 * CHAT_DIST names another build.
 */
const BENCHES: Record<string, () => Promise<{ main(argv: string[]): Promise<void> }>> = {
  send: () => import('./send'),
  linkifiers: () => import('./linkifiers'),
  fetch: () => import('./fetch'),
  idle: () => import('./idle'),
  register: () => import('./register'),
  soak: () => import('./soak'),
  'big-channel': () => import('./big-channel'),
  capacity: () => import('./capacity'),
};

async function run(): Promise<number> {
  const [name, ...argv] = process.argv.slice(2);
  const load = name === undefined ? undefined : BENCHES[name];
  if (!load) {
    process.stderr.write(`usage: npm run bench -- <${Object.keys(BENCHES).join('|')}> [--flag value ...]\n`);
    return 2;
  }
  // test/support/server-process reads CHAT_DIST when it is loaded: set it before the import.
  const builtServer = path.resolve(__dirname, '..', 'src');
  if (process.env.CHAT_DIST === undefined && fs.existsSync(path.join(builtServer, 'main.js'))) {
    process.env.CHAT_DIST = builtServer;
  }
  const bench = await load();
  await bench.main(argv);
  return 0;
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
