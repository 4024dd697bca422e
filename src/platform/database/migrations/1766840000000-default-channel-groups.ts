import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zulip's DefaultStreamGroup and its channels (`/default_stream_groups`): named sets of
 * channels offered to new users, each name once per realm.
 */
export class DefaultChannelGroups1766840000000 implements MigrationInterface {
  name = 'DefaultChannelGroups1766840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE default_stream_group (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id) ON DELETE CASCADE,
        name varchar(60) NOT NULL,
        description varchar(1024) NOT NULL DEFAULT '',
        CONSTRAINT default_stream_group_realm_name UNIQUE (realm_id, name)
      )`);
    await q.query(`
      CREATE TABLE default_stream_group_streams (
        default_stream_group_id integer NOT NULL REFERENCES default_stream_group(id) ON DELETE CASCADE,
        stream_id integer NOT NULL REFERENCES stream(id) ON DELETE CASCADE,
        PRIMARY KEY (default_stream_group_id, stream_id)
      )`);
    // An archived channel leaves every group it is in.
    await q.query(`CREATE INDEX default_stream_group_streams_stream ON default_stream_group_streams (stream_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE default_stream_group_streams`);
    await q.query(`DROP TABLE default_stream_group`);
  }
}
