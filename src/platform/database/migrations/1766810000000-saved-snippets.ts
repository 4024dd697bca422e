import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zulip's SavedSnippet: a user's own reusable message texts (`/saved_snippets`). Listed per
 * user, in the order they were made.
 */
export class SavedSnippets1766810000000 implements MigrationInterface {
  name = 'SavedSnippets1766810000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE saved_snippet (
        id serial PRIMARY KEY,
        realm_id integer NOT NULL REFERENCES realm(id) ON DELETE CASCADE,
        user_profile_id integer NOT NULL REFERENCES user_profile(id) ON DELETE CASCADE,
        title text NOT NULL,
        content text NOT NULL,
        date_created timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX saved_snippet_user ON saved_snippet (user_profile_id, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE saved_snippet`);
  }
}
