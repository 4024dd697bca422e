import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Full-text search on messages (Zulip's `search_tsvector`): the topic and the rendered
 * content, stemmed with the English configuration, behind a GIN index. A trigger keeps
 * the column current on every insert and on every edit of the topic or the content, so
 * no writer has to remember it.
 */
export class MessageSearch1765100000000 implements MigrationInterface {
  name = 'MessageSearch1765100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE message ADD COLUMN search_tsvector tsvector`);
    // The topic is HTML-escaped first, as in match_subject, so a topic like "<b>" is words, not a tag.
    await q.query(`
      CREATE FUNCTION message_search_document(topic text, body text) RETURNS tsvector
        LANGUAGE sql IMMUTABLE AS $$
        SELECT to_tsvector('english'::regconfig,
          replace(replace(replace(replace(replace(coalesce(topic, ''), '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')
          || ' ' || coalesce(body, ''))
      $$`);
    await q.query(`
      CREATE FUNCTION message_search_tsvector() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW.search_tsvector := message_search_document(NEW.subject, coalesce(NEW.rendered_content, NEW.content));
        RETURN NEW;
      END
      $$`);
    await q.query(`
      CREATE TRIGGER message_search_tsvector_update
        BEFORE INSERT OR UPDATE OF subject, content, rendered_content ON message
        FOR EACH ROW EXECUTE FUNCTION message_search_tsvector()`);
    await q.query(`
      UPDATE message SET search_tsvector = message_search_document(subject, coalesce(rendered_content, content))`);
    await q.query(`CREATE INDEX message_search_tsvector ON message USING gin (search_tsvector)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER message_search_tsvector_update ON message`);
    await q.query(`DROP FUNCTION message_search_tsvector()`);
    await q.query(`DROP FUNCTION message_search_document(text, text)`);
    await q.query(`ALTER TABLE message DROP COLUMN search_tsvector`);
  }
}
