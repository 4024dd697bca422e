import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RealmEntity } from './realm.entity';
import { Database } from '../../platform/database/database';

/** Realm lookups. Subdomain-to-id is cached: a realm's subdomain never changes. */
@Injectable()
export class RealmRepository {
  private readonly idBySubdomain = new Map<string, number>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly database: Database,
  ) {}

  async findBySubdomain(subdomain: string): Promise<RealmEntity | null> {
    const repository = this.dataSource.getRepository(RealmEntity);
    const cachedId = this.idBySubdomain.get(subdomain);
    const realm = cachedId !== undefined
      ? await repository.findOneBy({ id: cachedId })
      : await repository.findOneBy({ stringId: subdomain });
    if (realm) this.idBySubdomain.set(subdomain, realm.id);
    return realm;
  }

  async findById(id: number): Promise<RealmEntity | null> {
    const manager = this.database ? this.database.manager : this.dataSource.manager;
    return manager.getRepository(RealmEntity).findOneBy({ id });
  }

  async requireById(id: number): Promise<RealmEntity> {
    const realm = await this.findById(id);
    if (!realm) throw new Error(`realm ${id} does not exist`);
    return realm;
  }

  /**
   * Takes the realm's row lock (FOR NO KEY UPDATE) and holds it to the commit: transactions
   * that count something of the realm after taking it count one after the other.
   */
  async lock(id: number): Promise<void> {
    await this.database.query(`SELECT id FROM realm WHERE id = $1 FOR NO KEY UPDATE`, [id]);
  }

  /** A new realm's row; null when the subdomain is taken. */
  async insert(subdomain: string, name: string): Promise<number | null> {
    const inserted = await this.database.query<{ id: number }>(
      `INSERT INTO realm (string_id, name) VALUES ($1, $2) ON CONFLICT (string_id) DO NOTHING RETURNING id`,
      [subdomain, name],
    );
    return inserted[0]?.id ?? null;
  }

  /** A new realm's notification bot, and the channel that announces new channels and sign-ups. */
  async setFoundingRefs(realmId: number, notificationBotId: number, announcementsStreamId: number): Promise<void> {
    await this.database.query(
      `UPDATE realm SET notification_bot_id = $1, new_stream_announcements_stream_id = $2,
         signup_announcements_stream_id = $2 WHERE id = $3`,
      [notificationBotId, announcementsStreamId, realmId],
    );
  }

  /**
   * Deactivates or reactivates the realm; true when this changed it (it was not so already).
   * A reactivation clears the deletion date.
   */
  async setDeactivated(realmId: number, deactivated: boolean, scheduledDeletionDate: Date | null): Promise<boolean> {
    const rows = await this.database.query<{ id: number }>(
      // In a WITH: the driver answers a bare UPDATE ... RETURNING with [rows, count].
      `WITH changed AS (UPDATE realm SET deactivated = $2, scheduled_deletion_date = $3 WHERE id = $1 AND deactivated <> $2 RETURNING id)
       SELECT id FROM changed`,
      [realmId, deactivated, scheduledDeletionDate],
    );
    return rows.length > 0;
  }

  /**
   * What the push notification service said of the realm (Zulip's
   * `push_notifications_enabled` and its end timestamp, in seconds). When this changed
   * either, the realm's id and both values as they were; null when nothing changed (or no
   * realm has that uuid). The row is locked to the commit.
   */
  async setPushNotificationsEnabled(realmUuid: string, enabled: boolean, endTimestamp: number | null): Promise<PushStatusChange | null> {
    const [row] = await this.database.query<PushStatusSqlRow>(
      `WITH old AS (SELECT id, push_notifications_enabled AS enabled, push_notifications_enabled_end_timestamp AS end_timestamp
                      FROM realm WHERE uuid = $1::uuid FOR NO KEY UPDATE),
       changed AS (UPDATE realm r SET push_notifications_enabled = $2, push_notifications_enabled_end_timestamp = $3
                     FROM old WHERE r.id = old.id AND (old.enabled <> $2 OR old.end_timestamp IS DISTINCT FROM $3::bigint)
                   RETURNING r.id, old.enabled, old.end_timestamp)
       SELECT id, enabled, end_timestamp FROM changed`,
      [realmUuid, enabled, endTimestamp],
    );
    return row ? pushStatusChange(row) : null;
  }

  /** Every realm's push notifications recorded as off, with no end (this server sends none): the realms this changed. */
  async disablePushNotifications(): Promise<PushStatusChange[]> {
    const rows = await this.database.query<PushStatusSqlRow>(
      `WITH old AS (SELECT id, push_notifications_enabled AS enabled, push_notifications_enabled_end_timestamp AS end_timestamp
                      FROM realm WHERE push_notifications_enabled OR push_notifications_enabled_end_timestamp IS NOT NULL FOR NO KEY UPDATE),
       changed AS (UPDATE realm r SET push_notifications_enabled = false, push_notifications_enabled_end_timestamp = NULL
                     FROM old WHERE r.id = old.id RETURNING r.id, old.enabled, old.end_timestamp)
       SELECT id, enabled, end_timestamp FROM changed ORDER BY id`,
    );
    return rows.map(pushStatusChange);
  }

  /** Every realm, by id. */
  listAll(): Promise<RealmEntity[]> {
    return this.database.manager.getRepository(RealmEntity).find({ order: { id: 'ASC' } });
  }

  /** Realms not deactivated. */
  async activeCount(): Promise<number> {
    const [row] = await this.database.query<{ n: number }>(`SELECT count(*)::int AS n FROM realm WHERE NOT deactivated`);
    return row.n;
  }
}

/** A realm's push notification status as it was before a change. */
export interface PushStatusChange {
  realmId: number;
  enabledBefore: boolean;
  endTimestampBefore: number | null;
}

interface PushStatusSqlRow {
  id: number;
  enabled: boolean;
  end_timestamp: string | number | null;
}

function pushStatusChange(row: PushStatusSqlRow): PushStatusChange {
  return { realmId: row.id, enabledBefore: row.enabled, endTimestampBefore: row.end_timestamp === null ? null : Number(row.end_timestamp) };
}
