import { Injectable } from '@nestjs/common';
import { Queryable } from '../../platform/database/unit-of-work';

/** A user's custom profile field values: field id to `{value, rendered_value?}`. */
export type ProfileData = Record<string, { value: string; rendered_value?: string }>;

/**
 * The one place user objects get their `profile_data` from (GET /users, GET /users/{id},
 * GET /users/me, register's `realm_users`). Custom profile fields are built by their own
 * module: until it fills this in, every human has no values.
 */
@Injectable()
export class ProfileDataReader {
  async profileDataOf(userIds: readonly number[], _db: Queryable): Promise<Map<number, ProfileData>> {
    return new Map(userIds.map((id) => [id, {}]));
  }
}
