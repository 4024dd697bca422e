import { Injectable } from '@nestjs/common';
import { AnonymousGroupWrites } from '../../groups/commands/anonymous-group-writes';
import { GroupDirectory } from '../../groups/queries/group-directory';
import { SystemGroup } from '../../groups/public/system-groups';
import { CHANNEL_GROUP_SETTINGS, ChannelGroupSetting } from '../../groups/public/permission-settings';
import { RecipientType } from '../../shared/recipient-type';
import { ActorRow, PolicyActorLoader } from '../access/policy-actor.loader';
import { StreamRow } from '../public/stream-row';
import { Database } from '../../platform/database/database';
import { RecipientWrites } from '../../users/commands/recipient-writes';

export interface NewChannel {
  realmId: number;
  name: string;
  description: string;
  /** The description as the one Markdown pipeline renders it (`DescriptionRenderer`). */
  renderedDescription: string;
  inviteOnly: boolean;
  isWebPublic: boolean;
  historyPublicToSubscribers: boolean;
  messageRetentionDays: number | null;
  creatorId: number | null;
  /**
   * Backing group ids of group settings chosen at creation; a setting left out takes
   * Zulip's default.
   */
  groups?: Partial<Record<ChannelGroupSetting, number>>;
}

@Injectable()
export class ChannelRepository {
  constructor(
    private readonly groups: GroupDirectory,
    private readonly anonymousGroups: AnonymousGroupWrites,
    private readonly database: Database,
    private readonly recipients: RecipientWrites,
  ) {}

  /**
   * Creates a channel with its recipient and Zulip's default group settings: anyone may
   * post, administrators may remove subscribers, nobody else may add or subscribe, and the
   * creator (if any) administers it; `channel.groups` overrides any of these. Returns null
   * when a channel of that name appeared meanwhile (a concurrent creation won).
   */
  async insert(channel: NewChannel): Promise<StreamRow | null> {
    const system = await this.groups.systemGroupIds(channel.realmId);
    const nobody = system.get(SystemGroup.Nobody) as number;
    const chosen = channel.groups ?? {};
    const rows = await this.database.query<{ id: number }>(
      `INSERT INTO stream (realm_id, name, description, rendered_description, invite_only, is_web_public,
         history_public_to_subscribers, message_retention_days, creator_id,
         can_add_subscribers_group_id, can_remove_subscribers_group_id, can_administer_channel_group_id,
         can_send_message_group_id, can_subscribe_group_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
       ON CONFLICT (realm_id, lower(name)) DO NOTHING RETURNING id`,
      [
        channel.realmId, channel.name, channel.description, channel.renderedDescription,
        channel.inviteOnly, channel.isWebPublic, channel.historyPublicToSubscribers,
        channel.messageRetentionDays, channel.creatorId,
        chosen.can_add_subscribers_group ?? nobody,
        chosen.can_remove_subscribers_group ?? system.get(SystemGroup.Administrators),
        nobody,
        chosen.can_send_message_group ?? system.get(SystemGroup.Everyone),
        chosen.can_subscribe_group ?? nobody,
      ],
    );
    if (rows.length === 0) return null;
    const streamId = rows[0].id;
    const recipientId = await this.recipients.create(RecipientType.Stream, streamId);
    const administerGroup = chosen.can_administer_channel_group ?? (channel.creatorId === null
      ? nobody
      : await this.anonymousGroups.create(channel.realmId, [channel.creatorId], []));
    await this.database.query(`UPDATE stream SET recipient_id = $1, can_administer_channel_group_id = $2 WHERE id = $3`, [
      recipientId,
      administerGroup,
      streamId,
    ]);
    return this.requireById(streamId);
  }

  async requireById(id: number): Promise<StreamRow> {
    const [stream] = await this.findByIds([id]);
    if (!stream) throw new Error(`stream ${id} does not exist`);
    return stream;
  }

  async findByIds(ids: readonly number[]): Promise<StreamRow[]> {
    if (ids.length === 0) return [];
    return this.select(`WHERE s.id = ANY($1::int[]) ORDER BY s.id`, [ids]);
  }

  async findById(realmId: number, id: number): Promise<StreamRow | null> {
    const [stream] = await this.select(`WHERE s.realm_id = $1 AND s.id = $2`, [realmId, id]);
    return stream ?? null;
  }

  /**
   * A channel of the realm by id or (case-insensitive) name, and whether the user is
   * subscribed to it, in one round trip: what a message narrow needs of its channel.
   */
  async findForSubscriber(
    realmId: number,
    channel: number | string,
    userId: number,
  ): Promise<{ stream: StreamRow; subscribed: boolean } | null> {
    const [row] = await this.database.query<Record<string, unknown>>(
      `SELECT s.*, EXISTS (SELECT 1 FROM subscription sub
                            WHERE sub.user_profile_id = $3 AND sub.recipient_id = s.recipient_id AND sub.active) AS subscribed
         FROM stream s
        WHERE s.realm_id = $1 AND ${typeof channel === 'number' ? 's.id = $2' : 'lower(s.name) = lower($2)'}`,
      [realmId, channel, userId],
    );
    return row ? { stream: toStreamRow(row), subscribed: row.subscribed === true } : null;
  }

  /**
   * A channel of the realm by id or (case-insensitive) name with its active subscribers'
   * ids (ascending), in one round trip: what a send to it needs.
   */
  /**
   * A channel by id or name with its active subscribers' ids, and the actor row of
   * `actorId` (PolicyActorLoader.fromColumn), in one round trip: a send needs both.
   */
  /**
   * `extraColumn` adds a column the caller reads in the same round trip, built from the
   * SQL of the subscriber id array (an `int[]`); `$1` is the realm id, `$3` the actor's.
   */
  async findWithSubscribersAndActor(
    realmId: number,
    channel: number | string,
    actorId: number,
    extraColumn?: (subscriberIdsSql: string) => string,
  ): Promise<{ stream: StreamRow; subscriberIds: number[]; actor: ActorRow | null; extra: unknown } | null> {
    const [row] = await this.database.query<Record<string, unknown>>(
      `SELECT s.*, subs.ids AS subscriber_ids,
              ${PolicyActorLoader.columnSql('$3')} AS actor${extraColumn ? `,
              ${extraColumn('subs.ids')} AS extra` : ''}
         FROM stream s
        CROSS JOIN LATERAL (SELECT ARRAY(SELECT sub.user_profile_id FROM subscription sub
                                          WHERE sub.recipient_id = s.recipient_id AND sub.active AND sub.is_user_active
                                          ORDER BY sub.user_profile_id) AS ids OFFSET 0) subs
        WHERE s.realm_id = $1 AND ${typeof channel === 'number' ? 's.id = $2' : 'lower(s.name) = lower($2)'}`,
      [realmId, channel, actorId],
    );
    if (!row) return null;
    return {
      stream: toStreamRow(row),
      subscriberIds: (row.subscriber_ids as number[]).map(Number),
      actor: row.actor as ActorRow | null,
      extra: row.extra ?? null,
    };
  }

  /** Channel names match case-insensitively. */
  async findByName(realmId: number, name: string): Promise<StreamRow | null> {
    const [stream] = await this.select(`WHERE s.realm_id = $1 AND lower(s.name) = lower($2)`, [realmId, name]);
    return stream ?? null;
  }

  async findByNames(realmId: number, names: readonly string[]): Promise<StreamRow[]> {
    if (names.length === 0) return [];
    return this.select(
      `WHERE s.realm_id = $1 AND lower(s.name) = ANY(SELECT lower(n) FROM unnest($2::text[]) AS n)`,
      [realmId, names],
    );
  }

  async listInRealm(realmId: number): Promise<StreamRow[]> {
    return this.select(`WHERE s.realm_id = $1 ORDER BY s.id`, [realmId]);
  }

  /**
   * Private channels where belonging to `groupId` (directly, or through being in a group
   * nested inside one of their access-granting settings' groups) grants metadata access.
   */
  async findPrivateGrantedThrough(realmId: number, groupId: number): Promise<StreamRow[]> {
    const granting = await this.groups.withSupergroupIds(groupId);
    return this.select(
      `WHERE s.realm_id = $1 AND s.invite_only AND NOT s.is_web_public AND (
         s.can_administer_channel_group_id = ANY($2::int[])
         OR s.can_add_subscribers_group_id = ANY($2::int[])
         OR s.can_subscribe_group_id = ANY($2::int[]))
       ORDER BY s.id`,
      [realmId, granting],
    );
  }

  /** The realm's channels, not archived, with a group setting among `groupIds`, by id, each with all its settings' groups. */
  async activeUsingGroups(realmId: number, groupIds: readonly number[]): Promise<{ id: number; groups: Record<ChannelGroupSetting, number> }[]> {
    const settings = Object.keys(CHANNEL_GROUP_SETTINGS) as ChannelGroupSetting[];
    const rows = await this.database.query<Record<string, unknown>>(
      `SELECT id, ${settings.map((name) => `${name}_id`).join(', ')} FROM stream
        WHERE realm_id = $1 AND NOT deactivated
          AND (${settings.map((name) => `${name}_id = ANY($2::int[])`).join(' OR ')})
        ORDER BY id`,
      [realmId, [...groupIds]],
    );
    return rows.map((row) => ({
      id: row.id as number,
      groups: Object.fromEntries(settings.map((name) => [name, row[`${name}_id`] as number])) as Record<ChannelGroupSetting, number>,
    }));
  }

  async defaultChannelIds(realmId: number): Promise<number[]> {
    const rows = await this.database.query<{ stream_id: number }>(
      `SELECT d.stream_id FROM default_stream d JOIN stream s ON s.id = d.stream_id
        WHERE d.realm_id = $1 AND NOT s.deactivated ORDER BY d.stream_id`,
      [realmId],
    );
    return rows.map((row) => row.stream_id);
  }

  async addDefaultChannel(realmId: number, streamId: number): Promise<void> {
    await this.database.query(`INSERT INTO default_stream (realm_id, stream_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [
      realmId,
      streamId,
    ]);
  }

  private async select(where: string, params: unknown[]): Promise<StreamRow[]> {
    const rows = await this.database.query<Record<string, unknown>>(`SELECT s.* FROM stream s ${where}`, params);
    return rows.map(toStreamRow);
  }

  /**
   * Makes `messageId` the channel's first message unless it has an older one; whether it
   * did. (In a WITH: TypeORM answers a bare UPDATE ... RETURNING with [rows, count].)
   */
  async lowerFirstMessageId(streamId: number, messageId: number): Promise<boolean> {
    const changed = await this.database.query(
      `WITH changed AS (
         UPDATE stream SET first_message_id = $1 WHERE id = $2 AND (first_message_id IS NULL OR first_message_id > $1) RETURNING id)
       SELECT id FROM changed`,
      [messageId, streamId],
    );
    return changed.length > 0;
  }

  async setFirstMessageId(streamId: number, first: number | null): Promise<void> {
    await this.database.query(`UPDATE stream SET first_message_id = $1 WHERE id = $2`, [first, streamId]);
  }

  async setPrivacy(streamId: number, inviteOnly: boolean, isWebPublic: boolean, historyPublicToSubscribers: boolean): Promise<void> {
    await this.database.query(
      `UPDATE stream SET invite_only = $1, is_web_public = $2, history_public_to_subscribers = $3 WHERE id = $4`,
      [inviteOnly, isWebPublic, historyPublicToSubscribers, streamId],
    );
  }

  async setRetentionDays(streamId: number, days: number | null): Promise<void> {
    await this.database.query(`UPDATE stream SET message_retention_days = $1 WHERE id = $2`, [days, streamId]);
  }

  async setDescription(streamId: number, description: string, rendered: string): Promise<void> {
    await this.database.query(`UPDATE stream SET description = $1, rendered_description = $2 WHERE id = $3`, [description, rendered, streamId]);
  }

  async setName(streamId: number, name: string): Promise<void> {
    await this.database.query(`UPDATE stream SET name = $1 WHERE id = $2`, [name, streamId]);
  }

  async setGroupSetting(streamId: number, setting: ChannelGroupSetting, groupId: number): Promise<void> {
    await this.database.query(`UPDATE stream SET ${setting}_id = $1 WHERE id = $2`, [groupId, streamId]);
  }

  async archive(streamId: number): Promise<void> {
    await this.database.query(`UPDATE stream SET deactivated = true WHERE id = $1`, [streamId]);
  }
}

export function toStreamRow(row: Record<string, unknown>): StreamRow {
  return {
    id: row.id as number,
    realmId: row.realm_id as number,
    name: row.name as string,
    description: row.description as string,
    renderedDescription: row.rendered_description as string,
    inviteOnly: row.invite_only as boolean,
    isWebPublic: row.is_web_public as boolean,
    historyPublicToSubscribers: row.history_public_to_subscribers as boolean,
    messageRetentionDays: row.message_retention_days as number | null,
    dateCreated: row.date_created as Date,
    creatorId: row.creator_id as number | null,
    deactivated: row.deactivated as boolean,
    recipientId: row.recipient_id as number | null,
    firstMessageId: row.first_message_id as number | null,
    isRecentlyActive: row.is_recently_active as boolean,
    canAddSubscribersGroupId: row.can_add_subscribers_group_id as number,
    canRemoveSubscribersGroupId: row.can_remove_subscribers_group_id as number,
    canAdministerChannelGroupId: row.can_administer_channel_group_id as number,
    canSendMessageGroupId: row.can_send_message_group_id as number,
    canSubscribeGroupId: row.can_subscribe_group_id as number,
  };
}

