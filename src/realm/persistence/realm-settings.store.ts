import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { RealmEntity } from './realm.entity';

/** The columns of a realm's row its settings commands lock, read and set one at a time. */
export type RealmSettingColumn =
  | 'name'
  | 'description'
  | 'enable_spectator_access'
  | 'new_stream_announcements_stream_id'
  | 'signup_announcements_stream_id';

/** The realm's settings as its commands change them, each read locked for the transaction. */
@Injectable()
export class RealmSettingsStore {
  constructor(private readonly database: Database) {}

  /** Locks the realm's row and reads one of its columns. */
  async lockColumn<T>(realmId: number, column: RealmSettingColumn): Promise<T> {
    const [realm] = await this.database.query<{ current: T }>(`SELECT ${column} AS current FROM realm WHERE id = $1 FOR UPDATE`, [realmId]);
    return realm.current;
  }

  async setColumn(realmId: number, column: RealmSettingColumn, value: unknown): Promise<void> {
    await this.database.query(`UPDATE realm SET ${column} = $2 WHERE id = $1`, [realmId, value]);
  }

  /** Locks the realm's row and reads its name, description and stored properties. */
  async lockProperties(realmId: number): Promise<{ name: string; description: string; properties: Record<string, unknown> }> {
    const [realm] = await this.database.query<{ name: string; description: string; properties: Record<string, unknown> }>(
      `SELECT name, description, properties FROM realm WHERE id = $1 FOR UPDATE`,
      [realmId],
    );
    return realm;
  }

  async setProperties(realmId: number, stored: Record<string, unknown>): Promise<void> {
    await this.database.query(`UPDATE realm SET properties = $2 WHERE id = $1`, [realmId, JSON.stringify(stored)]);
  }

  /** Locks the realm's row and reads the defaults of new users' settings. */
  async lockUserSettingsDefaults(realmId: number): Promise<Record<string, unknown>> {
    const [realm] = await this.database.query<{ user_settings_defaults: Record<string, unknown> }>(
      `SELECT user_settings_defaults FROM realm WHERE id = $1 FOR UPDATE`,
      [realmId],
    );
    return realm.user_settings_defaults;
  }

  async setUserSettingsDefaults(realmId: number, stored: Record<string, unknown>): Promise<void> {
    await this.database.query(`UPDATE realm SET user_settings_defaults = $2 WHERE id = $1`, [realmId, JSON.stringify(stored)]);
  }

  /** A realm image's new source, its version one past the old one; answers the realm as it then is. */
  async setImage(realmId: number, columns: { source: string; version: string }, source: string): Promise<RealmEntity> {
    await this.database.query(`UPDATE realm SET ${columns.source} = $2, ${columns.version} = ${columns.version} + 1 WHERE id = $1`, [realmId, source]);
    return this.database.manager.getRepository(RealmEntity).findOneByOrFail({ id: realmId });
  }
}
