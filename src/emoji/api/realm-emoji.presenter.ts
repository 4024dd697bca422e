import { uploadUrl } from '../../platform/storage/upload-store';
import { emojiImageKey, emojiStillKey } from '../public/emoji-image-keys';
import { RealmEmojiRow } from '../persistence/realm-emoji.repository';

/** A custom emoji as the API shows it (Zulip's RealmEmoji dict). */
export interface RealmEmojiWire {
  id: string;
  name: string;
  source_url: string;
  still_url: string | null;
  deactivated: boolean;
  author_id: number | null;
}

export function presentRealmEmoji(row: RealmEmojiRow): RealmEmojiWire {
  const fileName = row.fileName ?? row.name;
  return {
    id: String(row.id),
    name: row.name,
    source_url: uploadUrl(emojiImageKey(row.realmId, fileName)),
    still_url: row.isAnimated ? uploadUrl(emojiStillKey(row.realmId, fileName)) : null,
    deactivated: row.deactivated,
    author_id: row.authorId,
  };
}

/** Every custom emoji of a realm, deactivated ones included, keyed by id: `realm_emoji`. */
export function presentRealmEmojiMap(rows: readonly RealmEmojiRow[]): Record<string, RealmEmojiWire> {
  return Object.fromEntries(rows.map((row) => [String(row.id), presentRealmEmoji(row)]));
}
