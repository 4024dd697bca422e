import { Injectable } from '@nestjs/common';
import { isRenderable } from '../public/field-types';
import { ProfileFieldStore } from '../persistence/profile-field.store';

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
  constructor(private readonly fields: ProfileFieldStore) {}

  /**
   * Every listed user's profile data (an empty object for a user with no values);
   * `userIds` null reads the whole realm.
   */
  async forUsers(realmId: number, userIds: readonly number[] | null): Promise<Map<number, ProfileData>> {
    const result = new Map<number, ProfileData>();
    for (const id of userIds ?? []) result.set(id, {});
    if (userIds !== null && userIds.length === 0) return result;
    const rows = await this.fields.values(realmId, userIds);
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
