import { Injectable } from '@nestjs/common';
import { topicLinks } from '../../linkifiers/domain/apply-linkifiers';
import { linkifierRulesByRealm } from '../../linkifiers/persistence/linkifier.store';
import { Queryable } from '../../platform/database/unit-of-work';
import { RealmAddressing } from '../../realm/domain/realm-addressing';
import { apiEmail } from '../../users/api/user.presenter';
import { isMeMessage } from '../domain/message-content';
import { DmParticipant, MessageReaction, MessageSnapshot } from '../domain/message-snapshot';
import { RecipientType } from './recipient.entity';

interface MessageRow {
  id: number;
  realm_id: number;
  sender_id: number;
  recipient_id: number;
  subject: string;
  content: string;
  rendered_content: string | null;
  date_sent: Date;
  sending_client: string;
  last_edit_time: Date | null;
  last_moved_time: Date | null;
  full_name: string;
  delivery_email: string;
  email_address_visibility: number;
  is_bot: boolean;
  avatar_source: string;
  avatar_version: number;
  recipient_type: number;
  recipient_type_id: number;
  stream_name: string | null;
  realm_str: string;
}

interface UserRow {
  id: number;
  full_name: string;
  delivery_email: string;
  email_address_visibility: number;
  is_bot: boolean;
}

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Reads messages with their senders and recipients in a fixed number of queries. */
@Injectable()
export class MessageLoader {
  constructor(private readonly addressing: RealmAddressing) {}

  /** `newlySent`: the messages were inserted in this very transaction, so nobody reacted yet. */
  async load(ids: readonly number[], db: Queryable, { newlySent = false } = {}): Promise<Map<number, MessageSnapshot>> {
    const result = new Map<number, MessageSnapshot>();
    if (ids.length === 0) return result;
    const rows = await db.query<MessageRow>(
      `SELECT m.id, m.realm_id, m.sender_id, m.recipient_id, m.subject, m.content, m.rendered_content,
              m.date_sent, m.sending_client, m.last_edit_time, m.last_moved_time,
              u.full_name, u.delivery_email, u.email_address_visibility, u.is_bot, u.avatar_source, u.avatar_version,
              r.type AS recipient_type, r.type_id AS recipient_type_id, s.name AS stream_name, realm.string_id AS realm_str
         FROM message m
         JOIN user_profile u ON u.id = m.sender_id
         JOIN recipient r ON r.id = m.recipient_id
         JOIN realm ON realm.id = m.realm_id
         LEFT JOIN stream s ON r.type = ${RecipientType.Stream} AND s.id = r.type_id
        WHERE m.id = ANY($1::int[])`,
      [ids],
    );
    const participants = await this.participants(rows, db);
    const reactions = newlySent ? new Map<number, MessageReaction[]>() : await this.reactions(ids, db);
    const streamRows = rows.filter((row) => row.recipient_type === RecipientType.Stream);
    const linkifiers = await linkifierRulesByRealm(db, streamRows.map((row) => row.realm_id));
    for (const row of rows) {
      const hostName = this.addressing.hostName(row.realm_str);
      const isStream = row.recipient_type === RecipientType.Stream;
      result.set(row.id, {
        id: row.id,
        realmId: row.realm_id,
        realmStr: row.realm_str,
        senderId: row.sender_id,
        senderEmail: apiEmail(
          { id: row.sender_id, isBot: row.is_bot, deliveryEmail: row.delivery_email, emailAddressVisibility: row.email_address_visibility },
          hostName,
        ),
        senderFullName: row.full_name,
        sender: {
          deliveryEmail: row.delivery_email,
          avatarSource: row.avatar_source,
          avatarVersion: row.avatar_version,
          emailAddressVisibility: row.email_address_visibility,
          isBot: row.is_bot,
        },
        recipientId: row.recipient_id,
        kind: isStream ? 'stream' : 'private',
        streamId: isStream ? row.recipient_type_id : null,
        displayRecipient: isStream
          ? (row.stream_name as string)
          : (participants.get(dmKey(row)) ?? []).map((user) => ({
              id: user.id,
              email: apiEmail(
                { id: user.id, isBot: user.is_bot, deliveryEmail: user.delivery_email, emailAddressVisibility: user.email_address_visibility },
                hostName,
              ),
              full_name: user.full_name,
              is_mirror_dummy: false,
            } satisfies DmParticipant)),
        subject: row.subject,
        topicLinks: isStream ? topicLinks(row.subject, linkifiers.get(row.realm_id) ?? []) : [],
        content: row.content,
        renderedContent: row.rendered_content ?? '',
        timestamp: seconds(row.date_sent),
        client: row.sending_client,
        isMeMessage: isMeMessage(row.content),
        lastEditTimestamp: row.last_edit_time ? seconds(row.last_edit_time) : null,
        lastMovedTimestamp: row.last_moved_time ? seconds(row.last_moved_time) : null,
        reactions: reactions.get(row.id) ?? [],
      });
    }
    return result;
  }

  /** Every reaction of the batch, in one query, by message. */
  private async reactions(ids: readonly number[], db: Queryable): Promise<Map<number, MessageReaction[]>> {
    const rows = await db.query<MessageReaction & { message_id: number }>(
      `SELECT message_id, emoji_name, emoji_code, reaction_type, user_profile_id AS user_id
         FROM reaction WHERE message_id = ANY($1::int[]) ORDER BY id`,
      [ids],
    );
    const result = new Map<number, MessageReaction[]>();
    for (const { message_id: messageId, ...reaction } of rows) {
      result.set(messageId, [...(result.get(messageId) ?? []), reaction]);
    }
    return result;
  }

  /** Participants of each DM conversation: sender and inbox owner, or the group's members. */
  private async participants(rows: readonly MessageRow[], db: Queryable): Promise<Map<string, UserRow[]>> {
    const personal = rows.filter((row) => row.recipient_type === RecipientType.Personal);
    const groups = [...new Set(rows.filter((row) => row.recipient_type === RecipientType.DirectMessageGroup).map((row) => row.recipient_id))];
    const groupMembers = new Map<number, number[]>();
    if (groups.length > 0) {
      const members = await db.query<{ recipient_id: number; user_profile_id: number }>(
        `SELECT recipient_id, user_profile_id FROM subscription WHERE recipient_id = ANY($1::int[])`,
        [groups],
      );
      for (const member of members) {
        groupMembers.set(member.recipient_id, [...(groupMembers.get(member.recipient_id) ?? []), member.user_profile_id]);
      }
    }
    const userIds = new Set<number>();
    for (const row of personal) {
      userIds.add(row.sender_id);
      userIds.add(row.recipient_type_id);
    }
    for (const members of groupMembers.values()) members.forEach((id) => userIds.add(id));
    const users = userIds.size === 0
      ? []
      : await db.query<UserRow>(
          `SELECT id, full_name, delivery_email, email_address_visibility, is_bot FROM user_profile WHERE id = ANY($1::int[])`,
          [[...userIds]],
        );
    const byId = new Map(users.map((user) => [user.id, user]));
    const result = new Map<string, UserRow[]>();
    const collect = (ids: Iterable<number>) =>
      [...new Set(ids)].sort((a, b) => a - b).map((id) => byId.get(id)).filter((user): user is UserRow => user !== undefined);
    for (const row of personal) result.set(dmKey(row), collect([row.sender_id, row.recipient_type_id]));
    for (const [recipientId, members] of groupMembers) result.set(`g${recipientId}`, collect(members));
    return result;
  }
}

function dmKey(row: MessageRow): string {
  return row.recipient_type === RecipientType.Personal ? `p${row.sender_id}:${row.recipient_type_id}` : `g${row.recipient_id}`;
}
