import { PGlite } from '@electric-sql/pglite';

/**
 * Creates an embedded database in the directory given as the only argument, then exits.
 * Run as a child process on the first start: initdb grows PGlite's memory to some 800 MB,
 * which a process never gives back, while the server opening an existing database uses
 * about half that (see EmbeddedPostgres.start).
 */
async function main(): Promise<void> {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: embedded-initdb <data directory>');
  const db = await PGlite.create({ dataDir });
  await db.close();
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
