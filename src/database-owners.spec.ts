import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
const ROOT = path.join(__dirname, '..');

interface Finding {
  file: string;
  line: number;
  table: string;
  kind: 'write' | 'read' | 'sql-outside-persistence';
}
interface Scanner {
  check(root: string): { findings: Finding[]; failures: Finding[]; problems: string[]; tables: Set<string> };
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain Node script, not a module of src/
const scanner = require(path.join(ROOT, 'scripts', 'check-table-owners.js')) as Scanner;

/**
 * scripts/check-table-owners.js on a small tree of its own: two tables, their owners, and
 * code that keeps or breaks the owner map.
 */
describe('the table-owner check', () => {
  let root: string;

  function write(file: string, text: string): void {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }

  function owners(tolerated: [string, string][] = [], extra = '', awaiting: string[] = []): void {
    write(
      'src/database-owners.ts',
      `export const TABLE_OWNERS = { user_profile: 'users', stream: 'channels'${extra} };
       export const SCHEMA_CATALOG = { module: 'realm-transfer', reason: 'whole realms' } as const;
       export const DATABASE_LAYER = 'platform/database';
       export const TOLERATED_READS = ${JSON.stringify(tolerated)};
       export const AWAITING_MOVE = ${JSON.stringify(awaiting)};`,
    );
  }

  beforeEach(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'table-owners-'));
    write(
      'src/platform/database/migrations/1-schema.ts',
      `export class Schema { async up(q: Q) {
         await q.query(\`CREATE TABLE user_profile (id serial PRIMARY KEY, full_name text)\`);
         await q.query('CREATE TABLE stream (id serial PRIMARY KEY, name text)');
         await q.query('CREATE TABLE gone (id serial)');
         await q.query('DROP TABLE gone');
       }
       async down(q: Q) { await q.query('CREATE TABLE only_in_down (id int)'); } }`,
    );
    owners();
    write(
      'src/users/persistence/user.store.ts',
      `export const rename = (db: Db, id: number, name: string) =>
         db.query(\`UPDATE user_profile SET full_name = $2 WHERE id = $1\`, [id, name]);
       export const names = (db: Db) => db.query('SELECT u.full_name FROM user_profile u WHERE u.id = ANY($1)', [[1]]);`,
    );
    write(
      'src/channels/persistence/stream.store.ts',
      `export const create = (db: Db, name: string) => db.query(\`INSERT INTO stream (name) VALUES ($1) RETURNING id\`, [name]);`,
    );
    write(
      'src/channels/commands/rename.command.ts',
      `// UPDATE user_profile in a comment is no SQL.
       export const message = 'Please select from the list below.';`,
    );
  });

  afterEach(() => {
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('passes a tree where each table is used by its owner alone', () => {
    const result = scanner.check(root);
    expect([...result.tables].sort()).toEqual(['stream', 'user_profile']);
    expect(result.problems).toEqual([]);
    expect(result.failures).toEqual([]);
  });

  it('fails on a write to user_profile from another module', () => {
    write(
      'src/channels/persistence/stream.store.ts',
      `export const create = (db: Db, name: string) => db.query(\`INSERT INTO stream (name) VALUES ($1) RETURNING id\`, [name]);
       export const touch = (db: Db, id: number) => db.query(\`UPDATE user_profile SET full_name = full_name WHERE id = \${id}\`);`,
    );
    expect(scanner.check(root).failures).toEqual([{ file: 'src/channels/persistence/stream.store.ts', line: 2, table: 'user_profile', kind: 'write' }]);
  });

  it('fails on a read of another module\'s table, a JOIN as much as a FROM', () => {
    write(
      'src/channels/persistence/stream.store.ts',
      `export const withCreator = (db: Db) => db.query(
         'SELECT s.name, u.full_name ' +
         'FROM stream s JOIN user_profile u ON u.id = s.id');`,
    );
    expect(scanner.check(root).failures).toEqual([{ file: 'src/channels/persistence/stream.store.ts', line: 2, table: 'user_profile', kind: 'read' }]);
  });

  it('fails on SQL outside a persistence/ folder, even on the owner\'s own table', () => {
    write('src/users/commands/rename.command.ts', `export const sql = \`DELETE FROM user_profile WHERE id = $1\`;`);
    expect(scanner.check(root).failures).toEqual([{ file: 'src/users/commands/rename.command.ts', line: 1, table: 'user_profile', kind: 'sql-outside-persistence' }]);
  });

  it('fails on a TypeORM repository write by the entity\'s table', () => {
    write('src/users/persistence/user.entity.ts', `@Entity({ name: 'user_profile' }) export class UserEntity { id!: number; }`);
    write('src/channels/persistence/stream.store.ts', `export const bump = (m: M) => m.getRepository(UserEntity).update({ id: 1 }, { fullName: 'x' });`);
    expect(scanner.check(root).failures).toEqual([{ file: 'src/channels/persistence/stream.store.ts', line: 1, table: 'user_profile', kind: 'write' }]);
  });

  it('lets the schema catalog use every table, still in persistence/ only', () => {
    write('src/realm-transfer/persistence/catalog.ts', `export const dump = 'SELECT * FROM user_profile JOIN stream ON true';`);
    expect(scanner.check(root).failures).toEqual([]);
    write('src/realm-transfer/domain/tables.ts', `export const dump = 'SELECT * FROM stream';`);
    expect(scanner.check(root).failures).toEqual([{ file: 'src/realm-transfer/domain/tables.ts', line: 1, table: 'stream', kind: 'sql-outside-persistence' }]);
  });

  it('fails on a table without an owner and on an owner of no table', () => {
    write('src/platform/database/migrations/2-more.ts', `export class More { async up(q: Q) { await q.query('CREATE TABLE draft (id int)'); } }`);
    owners([], `, ghost: 'users'`);
    expect(scanner.check(root).problems).toEqual([
      'table draft has no owner in src/database-owners.ts',
      'src/database-owners.ts names ghost, which the migrations do not create',
    ]);
  });

  it('tolerates SQL in the files awaiting their move, and fails once one has none', () => {
    write('src/events/outbox/outbox.ts', `export const sql = 'DELETE FROM stream WHERE id = $1';`);
    owners([], '', ['src/events/outbox/outbox.ts']);
    expect(scanner.check(root).failures).toEqual([{ file: 'src/events/outbox/outbox.ts', line: 1, table: 'stream', kind: 'write' }]);
    write('src/events/outbox/outbox.ts', `export const sql = 'SELECT 1';`);
    expect(scanner.check(root)).toMatchObject({ failures: [], problems: [] });
    fs.rmSync(path.join(root, 'src/events/outbox/outbox.ts'));
    expect(scanner.check(root).problems).toEqual([
      'ratchet: src/events/outbox/outbox.ts has no SQL outside persistence/ any more; remove it from AWAITING_MOVE in src/database-owners.ts',
    ]);
  });

  it('tolerates the reads on its ratchet list, and fails once a listed read is gone', () => {
    write('src/channels/persistence/creator.store.ts', `export const sql = 'SELECT full_name FROM user_profile WHERE id = $1';`);
    owners([['src/channels/persistence/creator.store.ts', 'user_profile']]);
    expect(scanner.check(root)).toMatchObject({ failures: [], problems: [] });
    fs.rmSync(path.join(root, 'src/channels/persistence/creator.store.ts'));
    expect(scanner.check(root).problems).toEqual([
      'ratchet: src/channels/persistence/creator.store.ts no longer reads user_profile; remove it from TOLERATED_READS in src/database-owners.ts',
    ]);
  });
});
