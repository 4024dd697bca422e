import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { PushDeviceKind } from '../domain/push-device-rules';

/** One of a user's registered devices. */
export interface PushDevice {
  kind: PushDeviceKind;
  token: string;
}

/** The rows of `push_device_token`, always one user's. */
@Injectable()
export class PushDeviceTokenStore {
  constructor(private readonly database: Database) {}

  /** Zulip's `bulk_create(..., ignore_conflicts=True)`: registering a device again changes nothing. */
  async add(userId: number, kind: PushDeviceKind, token: string, iosAppId: string | null): Promise<void> {
    await this.database.query(
      `INSERT INTO push_device_token (user_profile_id, kind, token, ios_app_id) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_profile_id, kind, token) DO NOTHING`,
      [userId, kind, token, iosAppId],
    );
  }

  /** Whether the user had that token of that kind (another user's same token stays). */
  async remove(userId: number, kind: PushDeviceKind, token: string): Promise<boolean> {
    const rows = await this.database.query(
      `WITH deleted AS (DELETE FROM push_device_token WHERE user_profile_id = $1 AND kind = $2 AND token = $3 RETURNING id)
       SELECT id FROM deleted`,
      [userId, kind, token],
    );
    return rows.length > 0;
  }

  /** Zulip's `clear_push_device_tokens`: every device of the user. */
  async clear(userId: number): Promise<void> {
    await this.database.query(
      `WITH deleted AS (DELETE FROM push_device_token WHERE user_profile_id = $1 RETURNING id) SELECT count(*) FROM deleted`,
      [userId],
    );
  }

  /** Forgets the user's devices the push notification service no longer knows (its `deleted_devices`). */
  async removeTokens(userId: number, kind: PushDeviceKind, tokens: readonly string[]): Promise<void> {
    if (tokens.length === 0) return;
    await this.database.query(
      `WITH deleted AS (DELETE FROM push_device_token WHERE user_profile_id = $1 AND kind = $2 AND token = ANY($3::text[]) RETURNING id)
       SELECT count(*) FROM deleted`,
      [userId, kind, tokens],
    );
  }

  /** Which of these users have a device. */
  async usersWithDevices(userIds: readonly number[]): Promise<Set<number>> {
    if (userIds.length === 0) return new Set();
    const rows = await this.database.query<{ user_profile_id: number }>(
      `SELECT DISTINCT user_profile_id FROM push_device_token WHERE user_profile_id = ANY($1::int[])`,
      [userIds],
    );
    return new Set(rows.map((row) => row.user_profile_id));
  }

  /** The user's devices, all of them or those with `token` (of either kind), oldest first. */
  async list(userId: number, token: string | null = null): Promise<PushDevice[]> {
    return this.database.query<PushDevice>(
      `SELECT kind, token FROM push_device_token WHERE user_profile_id = $1 AND ($2::text IS NULL OR token = $2) ORDER BY id`,
      [userId, token],
    );
  }
}
