import { Injectable } from '@nestjs/common';
import { Database } from '../../platform/database/database';
import { EditHistoryEntry } from '../domain/message-edit-rules';
import { subscriptionRelation } from '../../channels/public/read-relations';
import { realmRelation } from '../../realm/public/read-relations';
import { recipientRelation, userProfileRelation } from '../../users/public/read-relations';

/**
 * SQL for a realm's message location version, as text ('0' before any move): to be read
 * in the same statement as the message ids it vouches for.
 */
export const MESSAGE_LOCATION_VERSION_SQL = (realmParam: string) =>
  `coalesce((SELECT version::text FROM message_location_version WHERE realm_id = ${realmParam}), '0')`;

/** A message as `lockWithUserFlags` reads it. */
export interface LockedMessageRow {
  id: number;
  realm_id: number;
  sender_id: number;
  recipient_id: number;
  type: number;
  type_id: number;
  subject: string;
  flags: number | null;
}

/**
 * The single statements messages' commands and queries run besides the loaders' and
 * stores' (a message locked for deletion, an edit's rendered flags...), each as it was.
 */
@Injectable()
export class MessageCommandStore {
  constructor(private readonly database: Database) {}

  /** The sender's role and realm, for an edited message's attachments. */
  senderForEdit(senderId: number): Promise<{ role: number; realm_id: number; string_id: string }[]> {
    return this.database.query<{ role: number; realm_id: number; string_id: string }>(
      `SELECT u.role, u.realm_id, r.string_id FROM ${userProfileRelation('u')} JOIN ${realmRelation('r')} ON r.id = u.realm_id WHERE u.id = $1`,
      [senderId],
    );
  }

  /** A moved topic's sender: bot or not, their settings, and whether they are subscribed to the target (muted or not). */
  moveSender(senderId: number, recipientId: number | null): Promise<{ is_bot: boolean; settings: Record<string, unknown> | null; muted: boolean | null }[]> {
    return this.database.query<{ is_bot: boolean; settings: Record<string, unknown> | null; muted: boolean | null }>(
      `SELECT u.is_bot, u.settings,
                (SELECT s.is_muted FROM ${subscriptionRelation('s')}
                  WHERE s.user_profile_id = u.id AND s.recipient_id = $2 AND s.active AND s.is_user_active) AS muted
           FROM ${userProfileRelation('u')} WHERE u.id = $1`,
      [senderId, recipientId],
    );
  }

  /** A message as its edit history starts from. */
  historyRow(messageId: number): Promise<{
        id: number;
        sender_id: number;
        content: string;
        rendered_content: string | null;
        subject: string;
        date_sent: Date;
        is_channel_message: boolean;
        edit_history: EditHistoryEntry[] | null;
      }[]> {
    return this.database.query<{
        id: number;
        sender_id: number;
        content: string;
        rendered_content: string | null;
        subject: string;
        date_sent: Date;
        is_channel_message: boolean;
        edit_history: EditHistoryEntry[] | null;
      }>(
      `SELECT id, sender_id, content, rendered_content, subject, date_sent, is_channel_message, edit_history FROM message WHERE id = $1`,
      [messageId],
    );
  }

  /** A message being edited: its sender, conversation, age and realm settings. */
  editTypingTarget(messageId: number): Promise<{ sender_id: number; recipient_id: number; subject: string; age: number; properties: Record<string, unknown> }[]> {
    return this.database.query<{ sender_id: number; recipient_id: number; subject: string; age: number; properties: Record<string, unknown> }>(
      `SELECT m.sender_id, m.recipient_id, m.subject, extract(epoch FROM now() - m.date_sent)::float8 AS age, realm.properties
           FROM message m JOIN ${realmRelation('realm')} ON realm.id = m.realm_id WHERE m.id = $1`,
      [messageId],
    );
  }

  /** A message to delete, locked: its sender (and their bot owner), topic, age and realm settings. */
  lockForDeletion(messageId: number): Promise<{ sender_id: number; bot_owner_id: number | null; subject: string; age: number; properties: Record<string, unknown> }[]> {
    return this.database.query<{ sender_id: number; bot_owner_id: number | null; subject: string; age: number; properties: Record<string, unknown> }>(
      `SELECT m.sender_id, s.bot_owner_id, m.subject, extract(epoch FROM now() - m.date_sent)::float8 AS age, realm.properties
             FROM message m
             JOIN ${userProfileRelation('s')} ON s.id = m.sender_id
             JOIN ${realmRelation('realm')} ON realm.id = m.realm_id
            WHERE m.id = $1 FOR UPDATE OF m`,
      [messageId],
    );
  }

  /** A message locked for another module's change (a reaction, a submessage), with the user's flags on it. */
  lockWithUserFlags(messageId: number, userId: number): Promise<LockedMessageRow[]> {
    return this.database.query<LockedMessageRow>(
      `SELECT m.id, m.realm_id, m.sender_id, m.recipient_id, r.type, r.type_id, m.subject,
              (SELECT um.flags FROM user_message um WHERE um.message_id = m.id AND um.user_profile_id = $2) AS flags
         FROM message m
         JOIN ${recipientRelation('r')} ON r.id = m.recipient_id
        WHERE m.id = $1
        FOR UPDATE OF m`,
      [messageId, userId],
    );
  }

  /** Sets the rendered flags (mentions, alert words) of every row of the message: each user's bits, none for the others. */
  setRenderedFlags(messageId: number, mask: number, userIds: number[], bits: number[]): Promise<Record<string, unknown>[]> {
    return this.database.query<Record<string, unknown>>(
      `UPDATE user_message um SET flags = (um.flags & ~$2::int) | COALESCE(t.bits, 0)
           FROM (SELECT user_profile_id FROM user_message WHERE message_id = $1) holders
           LEFT JOIN unnest($3::int[], $4::int[]) AS t(u, bits) ON t.u = holders.user_profile_id
          WHERE um.message_id = $1 AND um.user_profile_id = holders.user_profile_id`,
      [messageId, mask, userIds, bits],
    );
  }

  /** Those of the users who are not bots. */
  humanIds(userIds: readonly number[]): Promise<{ id: number }[]> {
    return this.database.query<{ id: number }>(
      `SELECT u.id FROM ${userProfileRelation('u')} WHERE u.id = ANY($1::int[]) AND NOT u.is_bot`,
      [userIds],
    );
  }

  /** The realm's message location version, with the locations of those of the messages that are the realm's. */
  locations(missing: readonly number[], realmId: number): Promise<{ version: string; locations: [number, number, number, number, number, string][] | null }[]> {
    return this.database.query<{ version: string; locations: [number, number, number, number, number, string][] | null }>(
      `SELECT ${MESSAGE_LOCATION_VERSION_SQL('$2')} AS version,
                (SELECT json_agg(json_build_array(m.id, m.recipient_id, r.type, r.type_id, m.sender_id, m.subject))
                   FROM message m JOIN ${recipientRelation('r')} ON r.id = m.recipient_id
                  WHERE m.id = ANY($1::int[]) AND m.realm_id = $2) AS locations`,
      [missing, realmId],
    );
  }
}
