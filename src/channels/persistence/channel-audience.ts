import { Injectable } from '@nestjs/common';
import { Queryable } from '../../platform/database/unit-of-work';
import { Role } from '../../users/domain/roles';
import { StreamEntity } from './stream.entity';

/**
 * Who may know a channel exists and see its subscribers: for a public channel, every
 * active member of the realm (guests only if subscribed); for a private one, its
 * subscribers and the realm's administrators.
 */
@Injectable()
export class ChannelAudience {
  async userIds(stream: StreamEntity, subscriberIds: readonly number[], db: Queryable): Promise<number[]> {
    const rows = stream.inviteOnly
      ? await db.query<{ id: number }>(
          `SELECT id FROM user_profile WHERE realm_id = $1 AND is_active AND role <= $2`,
          [stream.realmId, Role.Administrator],
        )
      : await db.query<{ id: number }>(
          `SELECT id FROM user_profile WHERE realm_id = $1 AND is_active AND role <> $2`,
          [stream.realmId, Role.Guest],
        );
    return [...new Set([...rows.map((row) => row.id), ...subscriberIds])].sort((a, b) => a - b);
  }
}
