import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';

/** A user's mute: whom, and since when. */
export interface MuteRow {
  mutedUserId: number;
  dateMuted: Date;
}

/** `muted_user` rows: who muted whom. */
@Injectable()
export class MutedUserRepository {
  constructor(private readonly database: Database) {}

  /** The user's mutes, oldest first. */
  async list(userId: number): Promise<MuteRow[]> {
    const rows = await this.database.query<{ muted_user_id: number; date_muted: Date }>(
      `SELECT muted_user_id, date_muted FROM muted_user WHERE user_profile_id = $1 ORDER BY date_muted, muted_user_id`,
      [userId],
    );
    return rows.map((row) => ({ mutedUserId: row.muted_user_id, dateMuted: row.date_muted }));
  }

  /** False when the mute already existed. */
  async add(userId: number, mutedUserId: number, date: Date): Promise<boolean> {
    const rows = await this.database.query(
      `INSERT INTO muted_user (user_profile_id, muted_user_id, date_muted) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING muted_user_id`,
      [userId, mutedUserId, date],
    );
    return rows.length > 0;
  }

  /** False when there was no such mute. */
  async remove(userId: number, mutedUserId: number): Promise<boolean> {
    const rows = await this.database.query(
      `WITH gone AS (DELETE FROM muted_user WHERE user_profile_id = $1 AND muted_user_id = $2 RETURNING muted_user_id)
       SELECT muted_user_id FROM gone`,
      [userId, mutedUserId],
    );
    return rows.length > 0;
  }

  /** Everyone who muted `senderId` (an index lookup; usually nobody). */
  async mutersOf(senderId: number): Promise<Set<number>> {
    const rows = await this.database.query<{ user_profile_id: number }>(
      `SELECT user_profile_id FROM muted_user WHERE muted_user_id = $1`,
      [senderId],
    );
    return new Set(rows.map((row) => row.user_profile_id));
  }
}
