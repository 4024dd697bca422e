import { MigrationInterface, QueryRunner } from 'typeorm';
import { renameStoredEmojiNames } from './stored-emoji-renames';

/**
 * The emoji name table moves to Zulip 10.2's (src/emoji/catalog/zulip-emoji-names.json): the
 * earlier table was Zulip's of spring 2024, before Zulip rebuilt its names with Emoji 15.1.
 * Emoji 15.1 gave five aliases a second emoji, and Zulip drops an alias two emoji share, so a
 * reaction or status stored under one of them would no longer pass Zulip's check that the name
 * means the stored code. Each such row takes the canonical name of its code, as migration
 * 1766860000000 did for iamcal's names. No other stored name changes meaning: every other name
 * of the earlier table still names the same code (`pray` stays an alias of 1f64f, whose
 * canonical name is now `folded_hands`; Zulip keeps rows under a name that is still valid).
 *
 * Frozen here as "old name, code, canonical name", since the data file will move on.
 */
const RENAMES = `
yes 1fae1 saluting_face
fantasy 1f9cc troll
kneel 1f9ce person_kneeling
fruit 1f96d mango
shake 1fa87 maracas
`;

export class ZulipTenTwoEmojiNames1766895000000 implements MigrationInterface {
  name = 'ZulipTenTwoEmojiNames1766895000000';

  async up(q: QueryRunner): Promise<void> {
    await renameStoredEmojiNames(q, RENAMES);
  }

  async down(): Promise<void> {
    // Nothing to undo: the new names are the canonical names of the same emoji.
  }
}
