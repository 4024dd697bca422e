import { Injectable } from '@nestjs/common';
import { AutomaticTopicPolicy, TopicStanding } from '../../user-topics/commands/automatic-topic-policy';
import { Database } from '../../platform/database/database';
import { MessageMutedUserRelation } from '../public/muted-users.port';
import { MESSAGE_COLUMNS, MessageLoader, MessageRow } from './message.loader';

/**
 * Whether the topic had messages other than `m` that its sender can see: with protected
 * history (`$16` false) only their own copies count, so nothing about the rest of the
 * channel leaks into the automatic policies' choice.
 */
const TOPIC_HAD_MESSAGES = `CASE WHEN $16::boolean
    THEN EXISTS (SELECT 1 FROM message x WHERE x.recipient_id = $3 AND lower(x.subject) = lower($4) AND x.id <> m.id)
    ELSE EXISTS (SELECT 1 FROM user_message own JOIN message x ON x.id = own.message_id
                  WHERE own.user_profile_id = m.sender_id AND x.recipient_id = $3 AND lower(x.subject) = lower($4)
                    AND x.id <> m.id) END`;

/**
 * A person's channel message: the statement also reads the sender's standing in the topic
 * for the automatic follow and unmute policies (two more parameters: the channel's id and
 * whether its history is public).
 */
const STANDING_COLUMN = `,
   ${AutomaticTopicPolicy.sentStandingColumn({ recipientId: '$3', streamId: '$15', topic: '$4', hadMessages: TOPIC_HAD_MESSAGES })} AS standing`;

export type SentRow = MessageRow & { flags: [number, number][] | null; standing?: TopicStanding | null };

/** The send path's one statement (see `sendStatement`). */
@Injectable()
export class MessageSendStore {
  /** The statements, built once. */
  private readonly statements: { plain: string; withStanding: string };

  constructor(
    private readonly database: Database,
    private readonly loader: MessageLoader,
    private readonly mutes: MessageMutedUserRelation,
  ) {
    this.statements = { plain: this.sendStatement(''), withStanding: this.sendStatement(STANDING_COLUMN) };
  }

  /** Stores the message and its rows (the parameters of `sendStatement`) and reads it back. */
  async insert(params: unknown[]): Promise<SentRow> {
    const [row] = await this.database.query<SentRow>(this.statements.plain, params);
    return row;
  }

  /** As `insert`, with the sender's standing in the topic of the channel. */
  async insertWithStanding(params: unknown[], streamId: number, historyPublic: boolean): Promise<SentRow> {
    const [row] = await this.database.query<SentRow>(this.statements.withStanding, [...params, streamId, historyPublic]);
    return row;
  }

  /**
   * Stores a message and one `user_message` row per recipient (the read bit added for those
   * who muted the sender) and reads the message back as the loader does, in one statement.
   * Parameters: realm, sender, recipient, topic, content, rendered content, client, is a
   * channel message, the three content facts, recipient ids, their flags, the read bit.
   */
  private sendStatement(columns: string): string {
    return this.loader.statementFrom(
    `INSERT INTO message (realm_id, sender_id, recipient_id, subject, content, rendered_content,
       rendered_content_version, date_sent, sending_client, is_channel_message, has_link, has_image, has_attachment)
     VALUES ($1, $2, $3, $4, $5, $6, 1, now(), $7, $8, $9, $10, $11) RETURNING ${MESSAGE_COLUMNS}`,
    `,
     um AS (
       INSERT INTO user_message (user_profile_id, message_id, flags)
       SELECT t.u, m.id, t.f | CASE WHEN t.u <> $2 AND EXISTS (
                SELECT 1 FROM ${this.mutes.mutedUser('mu')} WHERE mu.user_profile_id = t.u AND mu.muted_user_id = $2) THEN $14 ELSE 0 END
         FROM m, unnest($12::int[], $13::int[]) AS t(u, f)
       RETURNING user_profile_id, flags)`,
    `,
     (SELECT json_agg(json_build_array(um.user_profile_id, um.flags) ORDER BY um.user_profile_id) FROM um) AS flags${columns}`,
    );
  }
}
