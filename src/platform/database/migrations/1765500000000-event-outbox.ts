import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The transactional outbox of client events: one row per committed transaction that
 * recorded domain events, written in that transaction and deleted once the events'
 * deliveries reached the queue store. A row still here after `available_at` lost its
 * publisher (a crash between commit and enqueue) and any process's sweep republishes it.
 */
export class EventOutbox1765500000000 implements MigrationInterface {
  name = 'EventOutbox1765500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE event_outbox (
        id bigserial PRIMARY KEY,
        events json NOT NULL,
        available_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX event_outbox_available ON event_outbox (available_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE event_outbox`);
  }
}
