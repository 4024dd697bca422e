import { Injectable } from '@nestjs/common';
import { RecipientType } from '../../shared/recipient-type';
import { Database } from '../../platform/database/database';

/** Where a message is: its conversation and topic, and who sent it. */
export interface MessageLocation {
  recipientId: number;
  recipientType: RecipientType;
  /** The user, channel or group DM id, by `recipientType`. */
  recipientTypeId: number;
  senderId: number;
  topic: string;
  /** The topic as conversations compare it: whatever its case. */
  topicKey: string;
}

interface RealmLocations {
  version: string;
  byId: Map<number, MessageLocation>;
}

/** Locations a process keeps, over all realms (about 150 bytes each). */
const KEPT_LOCATIONS = 300_000;

/**
 * SQL for a realm's message location version, as text ('0' before any move): to be read
 * in the same statement as the message ids it vouches for.
 */
export const MESSAGE_LOCATION_VERSION_SQL = (realmParam: string) =>
  `coalesce((SELECT version::text FROM message_location_version WHERE realm_id = ${realmParam}), '0')`;

/**
 * Message locations kept between requests, for reads that need the locations of thousands
 * of messages at once (register's unread messages: looking each one up in `message` was
 * most of register's database time). Many users share them: a channel message unread by
 * a hundred users is looked up once.
 *
 * A realm's locations are kept under its message location version, which every move or
 * topic rename bumps at commit (see the MessageLocationVersion migration). The caller reads
 * the version in the statement that gave it the message ids; while the version is the one
 * the locations were read under, no message of the realm has moved since, so they are
 * current as of the caller's statement. A new version drops the realm's locations.
 */
@Injectable()
export class MessageLocations {
  constructor(private readonly database: Database) {}

  private readonly realms = new Map<number, RealmLocations>();
  private kept = 0;

  /**
   * The locations of `ids` (`result[i]` is `ids[i]`'s), messages of the realm whose
   * version was `version` when they were found; undefined for a message that no longer exists.
   */
  async of(realmId: number, version: string, ids: readonly number[]): Promise<(MessageLocation | undefined)[]> {
    const realm = this.realmAt(realmId, version);
    const found = ids.map((id) => realm.byId.get(id));
    const missing = ids.filter((_id, index) => found[index] === undefined);
    if (missing.length === 0) return found;
    const read = new Map<number, MessageLocation>();
    const [row] = await this.database.query<{ version: string; locations: [number, number, number, number, number, string][] | null }>(
      `SELECT ${MESSAGE_LOCATION_VERSION_SQL('$2')} AS version,
              (SELECT json_agg(json_build_array(m.id, m.recipient_id, r.type, r.type_id, m.sender_id, m.subject))
                 FROM message m JOIN recipient r ON r.id = m.recipient_id
                WHERE m.id = ANY($1::int[]) AND m.realm_id = $2) AS locations`,
      [missing, realmId],
    );
    // Read under a later version (a move committed since the ids were found): current,
    // so right for this answer, but not to keep under the earlier version.
    const keep = row.version === version && this.realms.get(realmId) === realm;
    for (const [id, recipientId, recipientType, recipientTypeId, senderId, topic] of row.locations ?? []) {
      const location: MessageLocation = { recipientId, recipientType, recipientTypeId, senderId, topic, topicKey: topic.toLowerCase() };
      read.set(id, location);
      if (keep && !realm.byId.has(id)) {
        realm.byId.set(id, location);
        this.kept += 1;
      }
    }
    this.makeRoom(realmId);
    return found.map((location, index) => location ?? read.get(ids[index]));
  }

  /** The realm's kept locations if they are of `version`, else a fresh empty set for it. */
  private realmAt(realmId: number, version: string): RealmLocations {
    let realm = this.realms.get(realmId);
    if (realm && realm.version !== version) {
      this.kept -= realm.byId.size;
      realm = undefined;
    }
    realm ??= { version, byId: new Map() };
    // Most recently used last.
    this.realms.delete(realmId);
    this.realms.set(realmId, realm);
    return realm;
  }

  /** Drops the least recently used realms' locations (the given realm's last) past the limit. */
  private makeRoom(realmId: number): void {
    for (const [id, realm] of this.realms) {
      if (this.kept <= KEPT_LOCATIONS) return;
      if (id === realmId && this.realms.size > 1) continue;
      this.kept -= realm.byId.size;
      this.realms.delete(id);
    }
  }
}
