import { Injectable } from '@nestjs/common';
import { isRenderable } from '../public/field-types';
import { Database } from '../../platform/database/database';

/** One user's value for one field, as `profile_data` carries it. */
export interface ProfileDataEntry {
  value: string;
  rendered_value?: string;
}

/** `profile_data`: field id (as a string key) to the user's value. */
export type ProfileData = Record<string, ProfileDataEntry>;

/**
 * Users' custom profile field values, in the shape of the user object's `profile_data`
 * (Zulip's `get_custom_profile_field_values`). The one entry point other modules use:
 * `GET /users`, `GET /users/{id}`, register's `realm_users`.
 */
@Injectable()
export class ProfileDataReader {
  constructor(
    private readonly database: Database,
  ) {}

  /**
   * Every listed user's profile data (an empty object for a user with no values);
   * `userIds` null reads the whole realm.
   */
  async forUsers(realmId: number, userIds: readonly number[] | null): Promise<Map<number, ProfileData>> {
    const result = new Map<number, ProfileData>();
    for (const id of userIds ?? []) result.set(id, {});
    if (userIds !== null && userIds.length === 0) return result;
    const rows = await this.database.query<{ user_profile_id: number; field_id: number; field_type: number; value: string; rendered_value: string | null }>(
      `SELECT v.user_profile_id, v.field_id, f.field_type, v.value, v.rendered_value
         FROM custom_profile_field_value v JOIN custom_profile_field f ON f.id = v.field_id
        WHERE f.realm_id = $1 ${userIds === null ? '' : 'AND v.user_profile_id = ANY($2::int[])'}
        ORDER BY v.user_profile_id, f."order", f.id`,
      userIds === null ? [realmId] : [realmId, [...userIds]],
    );
    for (const row of rows) {
      let data = result.get(row.user_profile_id);
      if (!data) {
        data = {};
        result.set(row.user_profile_id, data);
      }
      data[String(row.field_id)] = isRenderable(row.field_type)
        ? { value: row.value, rendered_value: row.rendered_value ?? '' }
        : { value: row.value };
    }
    return result;
  }

  /** One user's profile data. */
  async forUser(realmId: number, userId: number): Promise<ProfileData> {
    return (await this.forUsers(realmId, [userId])).get(userId) ?? {};
  }
}
