import { Injectable } from '@nestjs/common';
import { topicLinks } from '../../linkifiers/public/apply-linkifiers';
import { RealmAddressing } from '../../realm/public/realm-addressing';
import { apiEmail } from '../../users/public/user-identity';
import { isMeMessage } from '../../shared/message-content';
import { DmParticipant, MessageReaction, MessageSnapshot, MessageSubmessage } from '../public/message-snapshot';
import { RecipientType } from '../../shared/recipient-type';
import { Database } from '../../platform/database/database';
import { realmFilterRelation } from '../../linkifiers/public/read-relations';
import { realmRelation } from '../../realm/public/read-relations';
import { streamRelation, subscriptionRelation } from '../../channels/public/read-relations';
import { recipientRelation, userProfileRelation } from '../../users/public/read-relations';
import { MessageReactionRelation } from '../public/reactions.port';
import { MessageSubmessageRelation } from '../public/submessages.port';
import type { FoundMessage } from './message-search.repository';

/** The `message` columns a loading statement's source yields. */
export const MESSAGE_COLUMNS = `id, realm_id, sender_id, recipient_id, subject, content, rendered_content, date_sent, sending_client,
  last_edit_time, last_moved_time, edit_history`;

const QUALIFIED_MESSAGE_COLUMNS = MESSAGE_COLUMNS.split(',').map((column) => `msg.${column.trim()}`).join(', ');

export interface MessageRow {
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
  edit_history: Record<string, unknown>[] | null;
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
  reactions: MessageReaction[] | null;
  submessages: MessageSubmessage[] | null;
  /** DM participants, in id order; null for channel messages. */
  participants: UserRow[] | null;
  /** The realm's linkifiers in order, for channel messages' topic links; null when none. */
  linkifiers: { pattern: string; urlTemplate: string }[] | null;
}

interface UserRow {
  id: number;
  full_name: string;
  delivery_email: string;
  email_address_visibility: number;
  is_bot: boolean;
}

const PARTICIPANT_FIELDS = `'id', p.id, 'full_name', p.full_name, 'delivery_email', p.delivery_email,
  'email_address_visibility', p.email_address_visibility, 'is_bot', p.is_bot`;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** Reads messages with their senders and recipients in a fixed number of queries. */
@Injectable()
export class MessageLoader {
  /** The statement `load` runs, built once. */
  private readonly loadStatement: string;

  constructor(
    private readonly addressing: RealmAddressing,
    private readonly database: Database,
    private readonly reactions: MessageReactionRelation,
    private readonly submessages: MessageSubmessageRelation,
  ) {
    this.loadStatement = this.statementFrom(`SELECT ${MESSAGE_COLUMNS} FROM message WHERE id = ANY($1::int[])`);
  }

  /**
   * One query, one round trip: reactions, submessages, DM participants and the realm's
   * linkifiers (for topic links) come as JSON columns of each message's row. Participants
   * are built once per conversation and linkifiers once per realm, not once per row: a
   * page of 100 direct messages is one or two conversations.
   */
  async load(ids: readonly number[]): Promise<Map<number, MessageSnapshot>> {
    if (ids.length === 0) return new Map();
    const rows = await this.database.query<MessageRow>(this.loadStatement, [ids]);
    return this.snapshots(rows);
  }

  /**
   * The messages a finding statement yields (rows `id` and `flags`, its parameters
   * `values`), read with it in one round trip: what it found, with the user's flags, and
   * their snapshots.
   */
  async loadFound(finding: string, values: readonly unknown[]): Promise<{ found: FoundMessage[]; snapshots: Map<number, MessageSnapshot> }> {
    const statement = this.statementFrom(
      `SELECT ${QUALIFIED_MESSAGE_COLUMNS}, f.flags AS found_flags FROM (${finding}) f JOIN message msg ON msg.id = f.id`,
      '',
      ', m.found_flags',
    );
    const rows = await this.database.query<MessageRow & { found_flags: number | null }>(statement, [...values]);
    return { found: rows.map((row) => ({ id: row.id, flags: row.found_flags })), snapshots: this.snapshots(rows) };
  }

  /**
   * The loading statement over the message rows `source` yields (a statement returning
   * MESSAGE_COLUMNS: a SELECT, or an INSERT ... RETURNING, so that a send stores and reads
   * back its message in one round trip). `ctes` are more common table expressions, after
   * `m` (which they may use); `columns` more result columns.
   */
  statementFrom(source: string, ctes = '', columns = ''): string {
    return `WITH m AS (${source})${ctes},
            conversations AS (
              SELECT c.sender_id, c.recipient_id,
                     CASE r.type
                       WHEN ${RecipientType.Personal} THEN
                         (SELECT json_agg(json_build_object(${PARTICIPANT_FIELDS}) ORDER BY p.id)
                            FROM ${userProfileRelation('p')} WHERE p.id IN (c.sender_id, r.type_id))
                       WHEN ${RecipientType.DirectMessageGroup} THEN
                         (SELECT json_agg(json_build_object(${PARTICIPANT_FIELDS}) ORDER BY p.id)
                            FROM ${subscriptionRelation('g')} JOIN ${userProfileRelation('p')} ON p.id = g.user_profile_id
                           WHERE g.recipient_id = c.recipient_id)
                     END AS participants
                FROM (SELECT DISTINCT sender_id, recipient_id FROM m) c
                JOIN ${recipientRelation('r')} ON r.id = c.recipient_id
               -- The ids again as an array: the recipients are then read by their key. Joined
               -- to m's rows alone, the planner (its statistics up to date) hashed every
               -- recipient of the realm instead, which made a fetch of 50 messages take twice as long.
               WHERE r.type <> ${RecipientType.Stream} AND r.id = ANY(ARRAY(SELECT recipient_id FROM m))),
            realm_linkifiers AS (
              SELECT f.realm_id, json_agg(json_build_object('pattern', f.pattern, 'urlTemplate', f.url_template)
                                          ORDER BY f."order", f.id) AS linkifiers
                FROM ${realmFilterRelation('f')} WHERE f.realm_id IN (SELECT DISTINCT realm_id FROM m)
               GROUP BY f.realm_id)
       SELECT m.id, m.realm_id, m.sender_id, m.recipient_id, m.subject, m.content, m.rendered_content,
              m.date_sent, m.sending_client, m.last_edit_time, m.last_moved_time, m.edit_history,
              u.full_name, u.delivery_email, u.email_address_visibility, u.is_bot, u.avatar_source, u.avatar_version,
              r.type AS recipient_type, r.type_id AS recipient_type_id, s.name AS stream_name, realm.string_id AS realm_str,
              (SELECT json_agg(json_build_object('emoji_name', x.emoji_name, 'emoji_code', x.emoji_code,
                                                 'reaction_type', x.reaction_type, 'user_id', x.user_profile_id) ORDER BY x.id)
                 FROM ${this.reactions.reaction('x')} WHERE x.message_id = m.id) AS reactions,
              (SELECT json_agg(json_build_object('msg_type', sm.msg_type, 'content', sm.content, 'message_id', sm.message_id,
                                                 'sender_id', sm.sender_id, 'id', sm.id) ORDER BY sm.id)
                 FROM ${this.submessages.submessage('sm')} WHERE sm.message_id = m.id) AS submessages,
              c.participants,
              CASE WHEN r.type = ${RecipientType.Stream} THEN lf.linkifiers END AS linkifiers${columns}
         FROM m
         JOIN ${userProfileRelation('u')} ON u.id = m.sender_id
         JOIN ${recipientRelation('r')} ON r.id = m.recipient_id
         JOIN ${realmRelation('realm')} ON realm.id = m.realm_id
         LEFT JOIN ${streamRelation('s')} ON r.type = ${RecipientType.Stream} AND s.id = r.type_id
         LEFT JOIN conversations c ON c.sender_id = m.sender_id AND c.recipient_id = m.recipient_id
         LEFT JOIN realm_linkifiers lf ON lf.realm_id = m.realm_id`;
  }

  /** Snapshots of rows read by a statementFrom statement. */
  snapshots(rows: readonly MessageRow[]): Map<number, MessageSnapshot> {
    const result = new Map<number, MessageSnapshot>();
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
          : (row.participants ?? []).map((user) => ({
              id: user.id,
              email: apiEmail(
                { id: user.id, isBot: user.is_bot, deliveryEmail: user.delivery_email, emailAddressVisibility: user.email_address_visibility },
                hostName,
              ),
              full_name: user.full_name,
              is_mirror_dummy: false,
            } satisfies DmParticipant)),
        subject: row.subject,
        topicLinks: isStream ? topicLinks(row.subject, row.linkifiers ?? []) : [],
        content: row.content,
        renderedContent: row.rendered_content ?? '',
        timestamp: seconds(row.date_sent),
        client: row.sending_client,
        isMeMessage: isMeMessage(row.content),
        lastEditTimestamp: row.last_edit_time ? seconds(row.last_edit_time) : null,
        lastMovedTimestamp: row.last_moved_time ? seconds(row.last_moved_time) : null,
        editHistory: row.edit_history,
        reactions: row.reactions ?? [],
        submessages: row.submessages ?? [],
      });
    }
    return result;
  }
}
