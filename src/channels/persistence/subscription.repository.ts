import { Injectable } from '@nestjs/common';
import { RecipientType } from '../../shared/recipient-type';
import { pickSubscriptionColor } from '../public/channel-rules';
import { toStreamRow } from './channel.repository';
import { StreamRow } from '../public/stream-row';
import { SubscriptionRow } from '../public/subscription-row';
import { Database } from '../../platform/database/database';
import { recipientRelation } from '../../users/public/read-relations';

export interface SubscriptionRequest {
  userId: number;
  stream: StreamRow;
  /** The color asked for (Zulip's `color` of a subscription request); else the palette's next. */
  color?: string;
}

/** The per-user subscription settings `POST /users/me/subscriptions/properties` changes. */
export const SUBSCRIPTION_PROPERTY_COLUMNS = {
  color: 'color',
  is_muted: 'is_muted',
  pin_to_top: 'pin_to_top',
  desktop_notifications: 'desktop_notifications',
  audible_notifications: 'audible_notifications',
  push_notifications: 'push_notifications',
  email_notifications: 'email_notifications',
  wildcard_mentions_notify: 'wildcard_mentions_notify',
} as const;

export type StoredSubscriptionProperty = keyof typeof SUBSCRIPTION_PROPERTY_COLUMNS;

/** A user's subscription row, with its channel. */
export interface ChannelSubscription {
  stream: StreamRow;
  subscription: SubscriptionRow;
}

@Injectable()
export class SubscriptionRepository {
  constructor(
    private readonly database: Database,
  ) {}

  /**
   * Subscribes users to channels (new rows, or reactivated old ones, with a fresh color
   * each). Returns the requests that were new and those that were already in place.
   */
  async subscribe(
    requests: readonly SubscriptionRequest[],
  ): Promise<{ added: SubscriptionRequest[]; already: SubscriptionRequest[] }> {
    if (requests.length === 0) return { added: [], already: [] };
    const userIds = [...new Set(requests.map((request) => request.userId))];
    const existing = await this.database.query<{ user_profile_id: number; recipient_id: number; active: boolean; color: string; type: number }>(
      `SELECT s.user_profile_id, s.recipient_id, s.active, s.color, r.type
         FROM subscription s JOIN ${recipientRelation('r')} ON r.id = s.recipient_id
        WHERE s.user_profile_id = ANY($1::int[]) AND r.type = $2
        FOR UPDATE OF s`,
      [userIds, RecipientType.Stream],
    );
    const activeKeys = new Set(existing.filter((row) => row.active).map((row) => `${row.user_profile_id}:${row.recipient_id}`));
    const usedColors = new Map<number, string[]>();
    for (const row of existing) {
      if (!row.active) continue;
      const list = usedColors.get(row.user_profile_id) ?? [];
      list.push(row.color);
      usedColors.set(row.user_profile_id, list);
    }

    const added: SubscriptionRequest[] = [];
    const already: SubscriptionRequest[] = [];
    const seen = new Set<string>();
    const rows: { userId: number; recipientId: number; color: string }[] = [];
    for (const request of requests) {
      const key = `${request.userId}:${request.stream.recipientId}`;
      if (seen.has(key)) continue;
      seen.add(key);
      if (activeKeys.has(key)) {
        already.push(request);
        continue;
      }
      const colors = usedColors.get(request.userId) ?? [];
      const color = request.color ?? pickSubscriptionColor(colors);
      colors.push(color);
      usedColors.set(request.userId, colors);
      rows.push({ userId: request.userId, recipientId: request.stream.recipientId as number, color });
      added.push(request);
    }
    if (rows.length > 0) {
      await this.database.query(
        `INSERT INTO subscription (user_profile_id, recipient_id, color, active)
         SELECT * , true FROM unnest($1::int[], $2::int[], $3::text[])
         ON CONFLICT (user_profile_id, recipient_id) DO UPDATE SET active = true, color = EXCLUDED.color`,
        [rows.map((row) => row.userId), rows.map((row) => row.recipientId), rows.map((row) => row.color)],
      );
    }
    return { added, already };
  }

  /**
   * Ends active subscriptions (the rows stay, inactive, as Zulip keeps them). Returns the
   * pairs that were subscribed and those that were not.
   */
  async unsubscribe(
    requests: readonly SubscriptionRequest[],
  ): Promise<{ removed: SubscriptionRequest[]; notSubscribed: SubscriptionRequest[] }> {
    if (requests.length === 0) return { removed: [], notSubscribed: [] };
    const active = await this.database.query<{ user_profile_id: number; recipient_id: number }>(
      `SELECT user_profile_id, recipient_id FROM subscription
        WHERE user_profile_id = ANY($1::int[]) AND recipient_id = ANY($2::int[]) AND active
        FOR UPDATE`,
      [[...new Set(requests.map((request) => request.userId))], [...new Set(requests.map((request) => request.stream.recipientId))]],
    );
    const activeKeys = new Set(active.map((row) => `${row.user_profile_id}:${row.recipient_id}`));
    const removed: SubscriptionRequest[] = [];
    const notSubscribed: SubscriptionRequest[] = [];
    for (const request of requests) {
      if (activeKeys.delete(`${request.userId}:${request.stream.recipientId}`)) removed.push(request);
      else notSubscribed.push(request);
    }
    if (removed.length > 0) {
      await this.database.query(
        `UPDATE subscription s SET active = false
           FROM unnest($1::int[], $2::int[]) AS t(u, r)
          WHERE s.user_profile_id = t.u AND s.recipient_id = t.r`,
        [removed.map((request) => request.userId), removed.map((request) => request.stream.recipientId)],
      );
    }
    return { removed, notSubscribed };
  }

  /** Sets one personal setting of an active subscription. */
  async setProperty(
    userId: number,
    recipientId: number,
    property: StoredSubscriptionProperty,
    value: string | boolean,
  ): Promise<void> {
    await this.database.query(
      `UPDATE subscription SET ${SUBSCRIPTION_PROPERTY_COLUMNS[property]} = $3
        WHERE user_profile_id = $1 AND recipient_id = $2 AND active`,
      [userId, recipientId, value],
    );
  }

  /** Marks all of a user's subscription rows as the user's (de)activation leaves them. */
  async setUserActive(userId: number, active: boolean): Promise<void> {
    await this.database.query(`UPDATE subscription SET is_user_active = $2 WHERE user_profile_id = $1`, [userId, active]);
  }

  /** The row that lets a user receive DMs addressed to their own inbox or to a group. */
  async addRecipientMembers(recipientId: number, userIds: readonly number[]): Promise<void> {
    await this.database.query(
      `INSERT INTO subscription (user_profile_id, recipient_id, active)
       SELECT unnest($1::int[]), $2, true ON CONFLICT (user_profile_id, recipient_id) DO NOTHING`,
      [userIds, recipientId],
    );
  }

  /** Active subscribers per recipient, sorted by user id. */
  async subscriberIds(recipientIds: readonly number[]): Promise<Map<number, number[]>> {
    const result = new Map<number, number[]>(recipientIds.map((id) => [id, []]));
    if (recipientIds.length === 0) return result;
    const rows = await this.database.query<{ recipient_id: number; user_profile_id: number }>(
      `SELECT recipient_id, user_profile_id FROM subscription
        WHERE recipient_id = ANY($1::int[]) AND active AND is_user_active
        ORDER BY user_profile_id`,
      [recipientIds],
    );
    for (const row of rows) result.get(row.recipient_id)?.push(row.user_profile_id);
    return result;
  }

  /** Which of these recipients the user is actively subscribed to. */
  async subscribedRecipientIds(userId: number, recipientIds: readonly number[]): Promise<Set<number>> {
    if (recipientIds.length === 0) return new Set();
    const rows = await this.database.query<{ recipient_id: number }>(
      `SELECT recipient_id FROM subscription WHERE user_profile_id = $1 AND recipient_id = ANY($2::int[]) AND active`,
      [userId, recipientIds],
    );
    return new Set(rows.map((row) => row.recipient_id));
  }

  async isSubscribed(userId: number, recipientId: number): Promise<boolean> {
    const rows = await this.database.query(
      `SELECT 1 FROM subscription WHERE user_profile_id = $1 AND recipient_id = $2 AND active`,
      [userId, recipientId],
    );
    return rows.length > 0;
  }

  /** The user's channel subscriptions, active or not, with their channels. */
  async channelSubscriptionsOf(userId: number): Promise<ChannelSubscription[]> {
    const rows = await this.database.query<Record<string, unknown>>(
      `SELECT s.id AS sub_id, s.user_profile_id, s.recipient_id AS sub_recipient_id, s.active, s.is_user_active,
              s.color, s.is_muted, s.pin_to_top, s.desktop_notifications, s.audible_notifications,
              s.push_notifications, s.email_notifications, s.wildcard_mentions_notify, st.*
         FROM subscription s
         JOIN ${recipientRelation('r')} ON r.id = s.recipient_id AND r.type = $2
         JOIN stream st ON st.id = r.type_id
        WHERE s.user_profile_id = $1
        ORDER BY st.id`,
      [userId, RecipientType.Stream],
    );
    return rows.map((row) => ({
      stream: toStreamRow(row),
      subscription: toSubscriptionRow(row),
    }));
  }

  /** The channels, archived ones aside, the user is subscribed to, by id. */
  async activeChannelIdsOf(userId: number): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT s.id FROM subscription sub JOIN stream s ON s.recipient_id = sub.recipient_id
        WHERE sub.user_profile_id = $1 AND sub.active AND NOT s.deactivated ORDER BY s.id`,
      [userId],
    );
    return rows.map((row) => row.id);
  }

  /**
   * The users' active subscriptions to channels they did not mute, archived channels
   * aside (Zulip's get_user_stream_map), by user and channel id.
   */
  async unmutedChannelsOf(userIds: readonly number[]): Promise<{ userId: number; streamId: number; name: string; historyPublic: boolean }[]> {
    const rows = await this.database.query<{ user_profile_id: number; id: number; name: string; history_public_to_subscribers: boolean }>(
      `SELECT sub.user_profile_id, st.id, st.name, st.history_public_to_subscribers
         FROM subscription sub JOIN stream st ON st.recipient_id = sub.recipient_id
        WHERE sub.user_profile_id = ANY($1::int[]) AND sub.active AND NOT sub.is_muted AND NOT st.deactivated
        ORDER BY sub.user_profile_id, st.id`,
      [userIds],
    );
    return rows.map((row) => ({ userId: row.user_profile_id, streamId: row.id, name: row.name, historyPublic: row.history_public_to_subscribers }));
  }

  /** The channels the user is subscribed to, by id. */
  async subscribedStreamIds(userId: number): Promise<Set<number>> {
    const rows = await this.database.query<{ type_id: number }>(
      `SELECT r.type_id FROM subscription s JOIN ${recipientRelation('r')} ON r.id = s.recipient_id
        WHERE s.user_profile_id = $1 AND s.active AND r.type = 2`,
      [userId],
    );
    return new Set(rows.map((row) => row.type_id));
  }
}

/** The subscription columns of `channelSubscriptionsOf`'s rows (aliased where they clash with the stream's). */
function toSubscriptionRow(row: Record<string, unknown>): SubscriptionRow {
  return {
    id: row.sub_id as number,
    userId: row.user_profile_id as number,
    recipientId: row.sub_recipient_id as number,
    active: row.active as boolean,
    isUserActive: row.is_user_active as boolean,
    color: row.color as string,
    isMuted: row.is_muted as boolean,
    pinToTop: row.pin_to_top as boolean,
    desktopNotifications: row.desktop_notifications as boolean | null,
    audibleNotifications: row.audible_notifications as boolean | null,
    pushNotifications: row.push_notifications as boolean | null,
    emailNotifications: row.email_notifications as boolean | null,
    wildcardMentionsNotify: row.wildcard_mentions_notify as boolean | null,
  };
}
