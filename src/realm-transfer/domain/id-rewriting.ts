import { directMessageGroupHash } from '../../messages/public/direct-message-group';
import { FieldType } from '../../profile-fields/public/field-types';
import { uploadedAvatarKey } from '../../users/public/user-identity';

/** Old id to new id, per table. */
export type IdMaps = ReadonlyMap<string, ReadonlyMap<number, number>>;

type Row = Record<string, unknown>;

/**
 * How ids written inside values (not in id columns) follow a realm to its new ids:
 * mentions, channel and message links and upload paths in message text, edit history,
 * user-type profile field values, custom emoji codes, group DM hashes.
 */
export class IdRewriter {
  constructor(
    private readonly maps: IdMaps,
    private readonly oldRealmId: number,
    private readonly newRealmId: number,
  ) {}

  newId(table: string, old: number): number | undefined {
    return this.maps.get(table)?.get(old);
  }

  /** An upload's path id under the new realm (`<realm id>/...`, the shape `newPathId` makes). */
  pathId(old: string): string {
    const prefix = `${this.oldRealmId}/`;
    return old.startsWith(prefix) ? `${this.newRealmId}/${old.slice(prefix.length)}` : old;
  }

  /**
   * A file under `DATA_DIR/uploads` (a key relative to it) under the new realm: message
   * uploads (`files/<realm>/...`), custom emoji (`<realm>/emoji/...`) and avatars, whose
   * name is a hash of the user's id.
   */
  fileKey(key: string, avatarKeys: ReadonlyMap<string, string>): string {
    const avatar = avatarKeys.get(key);
    if (avatar) return avatar;
    if (key.startsWith('files/')) return `files/${this.pathId(key.slice('files/'.length))}`;
    const prefix = `${this.oldRealmId}/`;
    return key.startsWith(prefix) ? `${this.newRealmId}/${key.slice(prefix.length)}` : key;
  }

  /** Old avatar file keys to new ones, for the users the archive holds. */
  avatarKeys(oldUserIds: readonly number[]): Map<string, string> {
    const keys = new Map<string, string>();
    for (const oldId of oldUserIds) {
      const newId = this.newId('user_profile', oldId);
      if (newId === undefined) continue;
      for (const medium of [false, true]) {
        keys.set(
          uploadedAvatarKey({ id: oldId, realmId: this.oldRealmId }, medium),
          uploadedAvatarKey({ id: newId, realmId: this.newRealmId }, medium),
        );
      }
    }
    return keys;
  }

  /** Markdown source or rendered HTML with the realm's new ids and upload paths. */
  text(value: string): string {
    return value.replace(TEXT_IDS, (match: string, ...groups: (string | undefined)[]) => {
      const [attribute, attrId, narrowPrefix, narrowId, nearPrefix, nearId, mentionPrefix, mentionId, fileRoute, fileRealm] = groups;
      if (attribute !== undefined && attrId !== undefined) {
        const table = attribute === 'data-user-id' ? 'user_profile' : attribute === 'data-user-group-id' ? 'user_group' : 'stream';
        return `${attribute}="${this.mapped(table, attrId)}"`;
      }
      if (narrowPrefix !== undefined && narrowId !== undefined) return `${narrowPrefix}${this.mapped('stream', narrowId)}-`;
      if (nearPrefix !== undefined && nearId !== undefined) return `${nearPrefix}${this.mapped('message', nearId)}`;
      if (mentionPrefix !== undefined && mentionId !== undefined) return `${mentionPrefix}${this.mapped('user_profile', mentionId)}**`;
      if (fileRoute !== undefined && Number(fileRealm) === this.oldRealmId) return `/${fileRoute}/${this.newRealmId}/`;
      return match;
    });
  }

  /** A stored `edit_history`: editors, channels moved between, and the texts before each edit. */
  editHistory(value: unknown): unknown {
    if (!Array.isArray(value)) return value;
    return value.map((entry: Row) => {
      const edited: Row = { ...entry };
      if (typeof edited.user_id === 'number') edited.user_id = this.mapped('user_profile', String(edited.user_id));
      for (const key of ['stream', 'prev_stream']) {
        if (typeof edited[key] === 'number') edited[key] = this.mapped('stream', String(edited[key]));
      }
      for (const key of ['prev_content', 'prev_rendered_content']) {
        if (typeof edited[key] === 'string') edited[key] = this.text(edited[key]);
      }
      return edited;
    });
  }

  /** A user-type profile field's value: a JSON list of user ids. */
  profileFieldValue(value: string, fieldType: number): string {
    if (fieldType !== FieldType.User) return value;
    try {
      const ids = JSON.parse(value) as unknown;
      if (!Array.isArray(ids)) return value;
      return JSON.stringify(ids.map((id) => (typeof id === 'number' ? this.mapped('user_profile', String(id)) : id)));
    } catch {
      return value;
    }
  }

  /** A reaction's or status's emoji code: a custom emoji's is its id. */
  emojiCode(code: string, reactionType: string): string {
    return reactionType === 'realm_emoji' && /^\d+$/.test(code) ? String(this.mapped('realm_emoji', code)) : code;
  }

  /** A group DM's key is a hash of its members' ids: it changes with them. */
  directMessageGroupHash(oldMemberIds: readonly number[]): string {
    return directMessageGroupHash(oldMemberIds.map((id) => this.mapped('user_profile', String(id))));
  }

  /** The new id, or the old one when it points outside the realm (left as written). */
  private mapped(table: string, old: string): number {
    const id = Number(old);
    return this.newId(table, id) ?? id;
  }
}

/**
 * Ids in message text, one alternative each: mention and channel attributes of rendered
 * HTML, channel narrow links, message links (`/near/N`, `/with/N`), `@**Name|N**`
 * mentions, and upload links and custom emoji images (`/user_uploads/<realm id>/...`,
 * `/user_avatars/<realm id>/...`).
 */
const TEXT_IDS = new RegExp(
  [
    /(data-user-id|data-user-group-id|data-stream-id)="(\d+)"/.source,
    /(#narrow\/(?:channel|stream)\/)(\d+)-/.source,
    /(\/(?:near|with)\/)(\d+)/.source,
    /(@_?\*\*[^*|\n]+\|)(\d+)\*\*/.source,
    /\/(user_uploads|user_avatars)\/(\d+)\//.source,
  ].join('|'),
  'g',
);
