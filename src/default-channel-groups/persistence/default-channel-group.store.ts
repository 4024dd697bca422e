import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { streamRelation } from '../../channels/public/read-relations';
import { GroupWithChannels } from '../domain/default-channel-group-rules';

/** A group's own row. */
export interface GroupRow {
  id: number;
  name: string;
  description: string;
}

/**
 * The realm's rows of `default_stream_group` and `default_stream_group_streams` (Zulip's
 * DefaultStreamGroup and its channels). Archived channels leave their groups (see
 * DropArchivedChannelHandler); reads skip them meanwhile.
 */
@Injectable()
export class DefaultChannelGroupStore {
  constructor(private readonly database: Database) {}

  async list(realmId: number): Promise<GroupWithChannels[]> {
    const rows = await this.database.query<GroupRow & { stream_id: number | null; stream_name: string | null }>(
      `SELECT g.id, g.name, g.description, s.id AS stream_id, s.name AS stream_name
         FROM default_stream_group g
         LEFT JOIN default_stream_group_streams gs ON gs.default_stream_group_id = g.id
         LEFT JOIN ${streamRelation('s')} ON s.id = gs.stream_id AND NOT s.deactivated
        WHERE g.realm_id = $1`,
      [realmId],
    );
    const groups = new Map<number, GroupWithChannels>();
    for (const row of rows) {
      let group = groups.get(row.id);
      if (!group) {
        group = { id: row.id, name: row.name, description: row.description, channels: [] };
        groups.set(row.id, group);
      }
      if (row.stream_id !== null && row.stream_name !== null) group.channels.push({ id: row.stream_id, name: row.stream_name });
    }
    return [...groups.values()];
  }

  /** The realm's group of that id, locked for the caller's transaction; null when it has none. */
  async lock(realmId: number, id: number): Promise<GroupRow | null> {
    const [row] = await this.database.query<GroupRow>(
      `SELECT id, name, description FROM default_stream_group WHERE realm_id = $1 AND id = $2 FOR UPDATE`,
      [realmId, id],
    );
    return row ?? null;
  }

  /** The new group's id, or null when the realm has a group of that name already. */
  async insert(realmId: number, name: string, description: string): Promise<number | null> {
    const [row] = await this.database.query<{ id: number }>(
      `INSERT INTO default_stream_group (realm_id, name, description) VALUES ($1, $2, $3)
       ON CONFLICT (realm_id, name) DO NOTHING RETURNING id`,
      [realmId, name, description],
    );
    return row ? row.id : null;
  }

  /** False when another group of the realm has the name. */
  async rename(id: number, name: string): Promise<boolean> {
    const rows = await this.database.query(
      `WITH renamed AS (
         UPDATE default_stream_group g SET name = $2 WHERE g.id = $1
            AND NOT EXISTS (SELECT 1 FROM default_stream_group o WHERE o.realm_id = g.realm_id AND o.name = $2 AND o.id <> $1)
         RETURNING g.id)
       SELECT id FROM renamed`,
      [id, name],
    );
    return rows.length > 0;
  }

  async setDescription(id: number, description: string): Promise<void> {
    await this.database.query(`UPDATE default_stream_group SET description = $2 WHERE id = $1`, [id, description]);
  }

  async channelIds(id: number): Promise<number[]> {
    const rows = await this.database.query<{ stream_id: number }>(
      `SELECT stream_id FROM default_stream_group_streams WHERE default_stream_group_id = $1`,
      [id],
    );
    return rows.map((row) => row.stream_id);
  }

  async addChannels(id: number, streamIds: readonly number[]): Promise<void> {
    await this.database.query(
      `INSERT INTO default_stream_group_streams (default_stream_group_id, stream_id)
       SELECT $1, unnest($2::int[]) ON CONFLICT DO NOTHING`,
      [id, [...streamIds]],
    );
  }

  async removeChannels(id: number, streamIds: readonly number[]): Promise<void> {
    await this.database.query(
      `DELETE FROM default_stream_group_streams WHERE default_stream_group_id = $1 AND stream_id = ANY($2::int[])`,
      [id, [...streamIds]],
    );
  }

  async delete(id: number): Promise<void> {
    await this.database.query(`DELETE FROM default_stream_group WHERE id = $1`, [id]);
  }

  /** Takes the channel out of every group of the realm; whether any group had it. */
  async dropChannel(realmId: number, streamId: number): Promise<boolean> {
    const rows = await this.database.query(
      `WITH dropped AS (
         DELETE FROM default_stream_group_streams gs USING default_stream_group g
          WHERE g.id = gs.default_stream_group_id AND g.realm_id = $1 AND gs.stream_id = $2
         RETURNING gs.stream_id)
       SELECT stream_id FROM dropped`,
      [realmId, streamId],
    );
    return rows.length > 0;
  }
}
