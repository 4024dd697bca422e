import { QueryRunner } from 'typeorm';

/**
 * Renames the Unicode emoji that reactions and user statuses store under a name that no
 * longer means their code. `renames` is frozen text, one "old name, code, new name" a line, so
 * that a migration keeps doing what it did when the name table moves on. Custom and special
 * emoji are not Unicode names and are left alone.
 */
export async function renameStoredEmojiNames(q: Pick<QueryRunner, 'query'>, renames: string): Promise<void> {
  const rows = renames.trim().split('\n').map((line) => line.split(' '));
  const params = [rows.map((row) => row[0]), rows.map((row) => row[1]), rows.map((row) => row[2])];
  for (const table of ['reaction', 'user_status']) {
    await q.query(
      `UPDATE ${table} AS stored SET emoji_name = renamed.zulip_name
       FROM unnest($1::text[], $2::text[], $3::text[]) AS renamed(old_name, code, zulip_name)
       WHERE stored.reaction_type = 'unicode_emoji' AND stored.emoji_name = renamed.old_name
         AND stored.emoji_code = renamed.code`,
      params,
    );
  }
}
