#!/usr/bin/env node
/*
 * Checks that TypeORM's entities describe exactly the schema the migrations create: on a
 * fresh embedded database (PGlite, in a temporary directory: no PostgreSQL needed), runs
 * every migration, then asks TypeORM what it would change to match the entities - what
 * `migration:generate` would write. Anything at all fails the check, with the statements.
 * Uses ormconfig.ts as compiled by `npm run schema:check` (tsconfig.ormconfig.json).
 */
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'schema-check-'));
  // ormconfig reads the settings when it is loaded: the embedded database in dataDir.
  process.env.DATA_DIR = dataDir;
  delete process.env.DATABASE_URL;
  let dataSource;
  try {
    dataSource = await require(path.join(__dirname, '..', 'dist-ormconfig', 'ormconfig.js')).default;
    await dataSource.initialize();
    await dataSource.runMigrations({ transaction: 'each' });
    const { upQueries } = await dataSource.driver.createSchemaBuilder().log();
    if (upQueries.length > 0) {
      process.stderr.write(
        'schema check: the entities differ from the migrated schema; TypeORM would run:\n' +
          upQueries.map((query) => `  ${query.query};\n`).join('') +
          'Describe the migrated schema in the entity (or add the migration) until this is empty.\n',
      );
      process.exitCode = 1;
    } else {
      process.stdout.write('schema check: entities match the migrated schema: ok\n');
    }
  } finally {
    if (dataSource?.isInitialized) await dataSource.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  process.stderr.write(`schema check failed: ${error.stack ?? error}\n`);
  process.exit(1);
});
