import { Injectable } from '@nestjs/common';
import { RecipientType } from '../../shared/recipient-type';
import { Database } from '../../platform/database/database';
import { Role } from '../../shared/roles';
import { UserChannelRelations } from '../public/channels.port';

const CONVERSATIONS = [RecipientType.Stream, RecipientType.DirectMessageGroup];

/**
 * The reads behind `UserAccess`: who shares a channel or a group conversation with whom.
 * They join subscriptions, a read relation of the channels module (which sits above users
 * and binds it: `UserChannelRelations`), to users, each in one statement.
 */
@Injectable()
export class UserAccessStore {
  constructor(
    private readonly database: Database,
    private readonly channels: UserChannelRelations,
  ) {}

  /** Subscriptions as the relation named `alias`. */
  private subscriptions(alias: string): string {
    return this.channels.subscriptionRelation(alias);
  }

  /** Whether the viewer shares a channel or a group conversation with the target (an active member of it). */
  async sharesConversation(viewerId: number, targetId: number): Promise<boolean> {
    const [row] = await this.database.query<{ shared: boolean }>(
      `SELECT EXISTS (
         SELECT 1 FROM ${this.subscriptions('mine')}
           JOIN recipient r ON r.id = mine.recipient_id AND r.type = ANY($3::int[])
           JOIN ${this.subscriptions('theirs')} ON theirs.recipient_id = mine.recipient_id
          WHERE mine.user_profile_id = $1 AND mine.active
            AND theirs.user_profile_id = $2 AND theirs.active AND theirs.is_user_active) AS shared`,
      [viewerId, targetId, CONVERSATIONS],
    );
    return row.shared;
  }

  /**
   * The users who share a channel (active members only) or a group conversation
   * (deactivated ones too) with the user, leaving aside the recipients in `except`.
   */
  async conversationPeerIds(userId: number, except: readonly number[] | null = null): Promise<number[]> {
    const rows = except === null
      ? await this.database.query<{ id: number }>(
        `SELECT DISTINCT theirs.user_profile_id AS id
           FROM ${this.subscriptions('mine')}
           JOIN recipient r ON r.id = mine.recipient_id
           JOIN ${this.subscriptions('theirs')} ON theirs.recipient_id = mine.recipient_id AND theirs.active
          WHERE mine.user_profile_id = $1 AND mine.active
            AND ((r.type = $2 AND theirs.is_user_active) OR r.type = $3)`,
        [userId, RecipientType.Stream, RecipientType.DirectMessageGroup],
      )
      : await this.database.query<{ id: number }>(
        `SELECT DISTINCT theirs.user_profile_id AS id
           FROM ${this.subscriptions('mine')}
           JOIN recipient r ON r.id = mine.recipient_id
           JOIN ${this.subscriptions('theirs')} ON theirs.recipient_id = mine.recipient_id AND theirs.active
          WHERE mine.user_profile_id = $1 AND mine.active AND NOT (mine.recipient_id = ANY($2::int[]))
            AND ((r.type = $3 AND theirs.is_user_active) OR r.type = $4)`,
        [userId, except, RecipientType.Stream, RecipientType.DirectMessageGroup],
      );
    return rows.map((row) => row.id);
  }

  /** The active members of these recipients, with their role. */
  activeMembers(recipientIds: readonly number[]): Promise<{ recipient_id: number; id: number; role: number; is_bot: boolean }[]> {
    return this.database.query<{ recipient_id: number; id: number; role: number; is_bot: boolean }>(
      `SELECT s.recipient_id, u.id, u.role, u.is_bot
         FROM ${this.subscriptions('s')} JOIN user_profile u ON u.id = s.user_profile_id
        WHERE s.recipient_id = ANY($1::int[]) AND s.active AND s.is_user_active`,
      [recipientIds],
    );
  }

  rolesOf(userIds: readonly number[]): Promise<{ id: number; role: number; is_bot: boolean }[]> {
    return this.database.query<{ id: number; role: number; is_bot: boolean }>(
      `SELECT id, role, is_bot FROM user_profile WHERE id = ANY($1::int[])`,
      [userIds],
    );
  }

  /** The realm's active non-guests other than the user. */
  async activeNonGuestIdsBut(realmId: number, userId: number): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT id FROM user_profile WHERE realm_id = $1 AND is_active AND role <> $2 AND id <> $3`,
      [realmId, Role.Guest, userId],
    );
    return rows.map((row) => row.id);
  }

  /** Active members of the user's channels and group conversations, with the conversation's type. */
  activeConversationPeers(userId: number): Promise<{ id: number; type: number }[]> {
    return this.database.query<{ id: number; type: number }>(
      `SELECT DISTINCT theirs.user_profile_id AS id, r.type
         FROM ${this.subscriptions('mine')}
         JOIN recipient r ON r.id = mine.recipient_id AND r.type = ANY($2::int[])
         JOIN ${this.subscriptions('theirs')} ON theirs.recipient_id = mine.recipient_id AND theirs.active AND theirs.is_user_active
        WHERE mine.user_profile_id = $1 AND mine.active AND theirs.user_profile_id <> $1`,
      [userId, CONVERSATIONS],
    );
  }

  /** The realm's active non-guests, the user, and whoever shares a channel or a group conversation with the user, by id. */
  async restrictedAudience(realmId: number, userId: number): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT id FROM user_profile WHERE realm_id = $1 AND is_active AND (role <> $3 OR id = $2 OR id IN (
         SELECT theirs.user_profile_id FROM ${this.subscriptions('mine')}
           JOIN recipient r ON r.id = mine.recipient_id AND r.type = ANY($4::int[])
           JOIN ${this.subscriptions('theirs')} ON theirs.recipient_id = mine.recipient_id AND theirs.active AND theirs.is_user_active
          WHERE mine.user_profile_id = $2 AND mine.active))
       ORDER BY id`,
      [realmId, userId, Role.Guest, CONVERSATIONS],
    );
    return rows.map((row) => row.id);
  }
}
