import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A random id of this database, made once. Processes that share a Redis tell by it which
 * event queues were registered against their own database: only those are theirs to act on
 * when collected (a Redis shared by servers of different databases, as in tests or a
 * mistaken deployment, must not turn one database's user ids into another's emails).
 */
export class DatabaseIdentity1766945000000 implements MigrationInterface {
  name = 'DatabaseIdentity1766945000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE database_identity (
      singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
      database_id text NOT NULL
    )`);
    await q.query(`INSERT INTO database_identity (database_id) VALUES (md5(random()::text || clock_timestamp()::text))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE database_identity`);
  }
}
