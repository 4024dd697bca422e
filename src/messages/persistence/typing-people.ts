import { Injectable } from '@nestjs/common';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { apiEmail } from '../../users/public/user-identity';
import { effectiveSettings, UserSettings } from '../../users/public/user-settings';
import { Actor } from '../../shared/actor';
import { MAX_STREAM_SIZE_FOR_TYPING_NOTIFICATIONS } from '../domain/typing-rules';
import { RecipientType } from '../../shared/recipient-type';
import { Database } from '../../platform/database/database';
import { subscriptionRelation } from '../../channels/public/read-relations';
import { realmRelation } from '../../realm/public/read-relations';
import { recipientRelation, userProfileRelation } from '../../users/public/read-relations';

export interface Person {
  id: number;
  email: string;
  isActive: boolean;
  receivesTyping: boolean;
}

interface PersonRow {
  id: number;
  delivery_email: string;
  email_address_visibility: number;
  is_bot: boolean;
  is_active: boolean;
  settings: Record<string, unknown>;
}

/** The reads typing notifications need: participants, audiences and their settings. */
@Injectable()
export class TypingPeople {
  constructor(
    private readonly addressing: RealmAddressing,
    private readonly database: Database,
  ) {}

  async sender(user: Actor): Promise<UserSettings> {
    const [row] = await this.database.query<{ settings: Record<string, unknown> }>(`SELECT u.settings FROM ${userProfileRelation('u')} WHERE u.id = $1`, [user.id]);
    return effectiveSettings(row.settings);
  }

  /** The users of the realm with these ids, by id: an id of no user of the realm is missing. */
  async findInRealm(realmId: number, ids: readonly number[]): Promise<Map<number, Person>> {
    const rows = await this.database.query<PersonRow & { string_id: string }>(
      `SELECT u.id, u.delivery_email, u.email_address_visibility, u.is_bot, u.is_active, u.settings, realm.string_id
         FROM ${userProfileRelation('u')} JOIN ${realmRelation('realm')} ON realm.id = u.realm_id
        WHERE u.realm_id = $1 AND u.id = ANY($2::int[])`,
      [realmId, ids],
    );
    return new Map(rows.map((row) => [row.id, this.person(row, this.addressing.hostName(row.string_id))]));
  }

  /** Subscribers of a channel, or null when the channel is too large for typing events. */
  async channelAudience(recipientId: number): Promise<Person[] | null> {
    const rows = await this.database.query<PersonRow>(
      `SELECT u.id, u.delivery_email, u.email_address_visibility, u.is_bot, u.is_active, u.settings
         FROM ${subscriptionRelation('s')} JOIN ${userProfileRelation('u')} ON u.id = s.user_profile_id
        WHERE s.recipient_id = $1 AND s.active AND u.is_active`,
      [recipientId],
    );
    if (rows.length > MAX_STREAM_SIZE_FOR_TYPING_NOTIFICATIONS) return null;
    return rows.map((row) => this.person(row, ''));
  }

  /** Everyone in a direct conversation: both ends of a one-on-one, all members of a group. */
  async directParticipantIds(recipientId: number, type: RecipientType, userId: number): Promise<number[]> {
    if (type === RecipientType.Personal) {
      const [row] = await this.database.query<{ type_id: number }>(`SELECT r.type_id FROM ${recipientRelation('r')} WHERE r.id = $1`, [recipientId]);
      return [...new Set([userId, row.type_id])];
    }
    const rows = await this.database.query<{ user_profile_id: number }>(
      `SELECT s.user_profile_id FROM ${subscriptionRelation('s')} WHERE s.recipient_id = $1 ORDER BY s.user_profile_id`,
      [recipientId],
    );
    return rows.map((row) => row.user_profile_id);
  }

  private person(row: PersonRow, hostName: string): Person {
    return {
      id: row.id,
      email: apiEmail({ id: row.id, isBot: row.is_bot, deliveryEmail: row.delivery_email, emailAddressVisibility: row.email_address_visibility }, hostName),
      isActive: row.is_active,
      receivesTyping: effectiveSettings(row.settings).receives_typing_notifications,
    };
  }
}
