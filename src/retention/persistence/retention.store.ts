import { Injectable } from '@nestjs/common';
import { streamRelation } from '../../channels/public/read-relations';
import { messageRelation } from '../../messages/public/read-relations';
import { Database } from '../../platform/database/database';
import { realmRelation } from '../../realm/public/read-relations';
import { recipientRelation } from '../../users/public/read-relations';
import { RecipientType } from '../../shared/recipient-type';

/** The realm's retention in days from its stored properties; -1 (forever) when unset. */
const REALM_DAYS = `coalesce(CASE WHEN jsonb_typeof(realm.properties -> 'message_retention_days') = 'number'
                              THEN (realm.properties ->> 'message_retention_days')::int END, -1)`;

/** What the retention sweep reads of channels, realms and messages: what expires, and when. */
@Injectable()
export class RetentionStore {
  constructor(private readonly database: Database) {}

  /** Channels whose messages expire, with their effective number of days, by id. */
  channelPolicies(): Promise<{ id: number; realm_id: number; days: number }[]> {
    return this.database.query<{ id: number; realm_id: number; days: number }>(
      `SELECT s.id, s.realm_id,
                  coalesce(s.message_retention_days, ${REALM_DAYS}) AS days
             FROM ${streamRelation('s')} JOIN ${realmRelation('realm')} ON realm.id = s.realm_id
            WHERE coalesce(s.message_retention_days, ${REALM_DAYS}) > 0
            ORDER BY s.id`,
      [],
    );
  }

  /** Realms whose direct messages expire, with their number of days, by id. */
  realmPolicies(): Promise<{ id: number; days: number }[]> {
    return this.database.query<{ id: number; days: number }>(
      `SELECT realm.id, ${REALM_DAYS} AS days FROM ${realmRelation('realm')} WHERE ${REALM_DAYS} > 0 ORDER BY realm.id`,
      [],
    );
  }

  /** A batch of a channel's expired messages, locked, oldest first. */
  lockExpiredChannelMessages(recipientId: number, days: number, limit: number): Promise<{ id: number }[]> {
    return this.database.query<{ id: number }>(
      `SELECT m.id FROM ${messageRelation('m')}
              WHERE m.recipient_id = $1 AND m.date_sent < now() - make_interval(days => $2)
              ORDER BY m.id LIMIT $3 FOR UPDATE OF m`,
      [recipientId, days, limit],
    );
  }

  /** A batch of a realm's expired direct messages, locked, oldest first. */
  lockExpiredDirectMessages(realmId: number, days: number, limit: number): Promise<{ id: number }[]> {
    return this.database.query<{ id: number }>(
      `SELECT m.id FROM ${messageRelation('m')} JOIN ${recipientRelation('r')} ON r.id = m.recipient_id
              WHERE m.realm_id = $1 AND r.type <> ${RecipientType.Stream}
                AND m.date_sent < now() - make_interval(days => $2)
              ORDER BY m.id LIMIT $3 FOR UPDATE OF m`,
      [realmId, days, limit],
    );
  }
}
