import { Injectable } from '@nestjs/common';
import { MessageCondition, readsMessage, RESOLVED_TOPIC_PREFIX } from '../public/message-condition';
import { FLAG_BITS, HISTORICAL_FLAGS } from '../../shared/message-flags';
import { IdWindow } from '../domain/message-range';
import { VisibilityPolicy } from '../../user-topics/public/visibility-policy';
import { highlightMarked, MATCH_START, MATCH_STOP, SearchText } from '../domain/search-text';
import { RecipientType } from '../../shared/recipient-type';
import { Database } from '../../platform/database/database';
import { subscriptionRelation } from '../../channels/public/read-relations';
import { userTopicRelation } from '../../user-topics/public/read-relations';
import { recipientRelation } from '../../users/public/read-relations';
import { MessageReactionRelation } from '../public/reactions.port';

/**
 * Whose messages a search reads: the user's own rows (`user_message`), or, for a narrow
 * limited to channels whose history the user may read, every message of the realm that
 * the conditions select (with the user's flags where they have a row).
 */
export interface SearchScope {
  userId: number;
  realmId: number;
  includeHistory: boolean;
}

/** A matching message and the user's flags on it (null: the user has no row for it). */
export interface FoundMessage {
  id: number;
  flags: number | null;
}

/** A message's conversation: a channel and topic, or the DM's participants. */
export interface ConversationRow {
  streamId: number | null;
  topic: string;
  participantIds: number[];
}

/** A search result's highlighted fields. */
export interface SearchHighlight {
  matchContent: string;
  matchSubject: string;
}

/** What decides whether a user may read one message. */
export interface MessageAccessRow {
  realmId: number;
  recipientType: number;
  recipientTypeId: number;
  flags: number | null;
}

/** The topic HTML-escaped as Zulip's `escape_html` does it. */
const ESCAPED_TOPIC = `replace(replace(replace(replace(replace(m.subject, '&', '&amp;'), '<', '&lt;'), '>', '&gt;'), '"', '&quot;'), '''', '&#39;')`;

class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

interface Columns {
  id: string;
  /** The user's flags as selected (null where the user has no row). */
  flags: string;
  /** The user's flags as conditions read them (a missing row reads as read and historical). */
  flagValue: string;
}

/** Message searches for `GET /messages`, on the primary key and the indexes of the schema. */
@Injectable()
export class MessageSearchRepository {
  constructor(
    private readonly database: Database,
    private readonly reactions: MessageReactionRelation,
  ) {}

  /** One side of an id window: up to `limit` matches nearest the bound. */
  async window(scope: SearchScope, conditions: readonly MessageCondition[], window: IdWindow): Promise<FoundMessage[]> {
    const { text, values } = this.windowStatement(scope, conditions, window);
    return this.database.query<FoundMessage>(text, values);
  }

  /**
   * The statement `window` runs (rows `id` and `flags`), for a caller that reads more
   * with it in the same round trip (MessageLoader.loadFound).
   */
  windowStatement(scope: SearchScope, conditions: readonly MessageCondition[], window: IdWindow): { text: string; values: unknown[] } {
    const sql = new SqlParams();
    const { from, columns } = baseQuery(sql, scope, conditions);
    const where = [from.where, ...conditions.map((condition) => render(condition, sql, columns, this.reactions))];
    const before = window.direction === 'before';
    if (window.bound !== null) where.push(`${columns.id} ${before ? '<=' : '>='} ${sql.add(window.bound)}::bigint`);
    return {
      text: `SELECT ${columns.id} AS id, ${columns.flags} AS flags FROM ${from.tables}
        WHERE ${where.join(' AND ')}
        ORDER BY ${columns.id} ${before ? 'DESC' : 'ASC'} LIMIT ${sql.add(window.limit)}`,
      values: sql.values,
    };
  }

  /** The matches among the given ids. */
  async byIds(scope: SearchScope, conditions: readonly MessageCondition[], ids: readonly number[]): Promise<FoundMessage[]> {
    if (ids.length === 0) return [];
    const { text, values } = this.byIdsStatement(scope, conditions, ids);
    return this.database.query<FoundMessage>(text, values);
  }

  /** The statement `byIds` runs, in id order, for a caller that reads more with it (MessageLoader.loadFound). */
  byIdsStatement(scope: SearchScope, conditions: readonly MessageCondition[], ids: readonly number[]): { text: string; values: unknown[] } {
    const sql = new SqlParams();
    const { from, columns } = baseQuery(sql, scope, conditions);
    const where = [from.where, `${columns.id} = ANY(${sql.add(ids)}::bigint[])`];
    where.push(...conditions.map((condition) => render(condition, sql, columns, this.reactions)));
    return {
      text: `SELECT ${columns.id} AS id, ${columns.flags} AS flags FROM ${from.tables}
        WHERE ${where.join(' AND ')} ORDER BY ${columns.id}`,
      values: sql.values,
    };
  }

  /** The oldest unread message of the user's own that matches, if any. */
  async firstUnread(userId: number, realmId: number, conditions: readonly MessageCondition[]): Promise<number | null> {
    const sql = new SqlParams();
    const { from, columns } = baseQuery(sql, { userId, realmId, includeHistory: false }, conditions);
    const where = [from.where, `(${columns.flagValue} & ${FLAG_BITS.read}) = 0`, ...conditions.map((c) => render(c, sql, columns, this.reactions))];
    const [row] = await this.database.query<{ id: number }>(
      `SELECT ${columns.id} AS id FROM ${from.tables} WHERE ${where.join(' AND ')} ORDER BY ${columns.id} ASC LIMIT 1`,
      sql.values,
    );
    return row?.id ?? null;
  }

  /** Where a message lives now: its channel and topic, or its DM participants. */
  async conversationRow(messageId: number): Promise<ConversationRow | null> {
    const [row] = await this.database.query<{ type: number; type_id: number; subject: string; sender_id: number; members: number[] | null }>(
      `SELECT r.type, r.type_id, m.subject, m.sender_id,
              CASE WHEN r.type = ${RecipientType.DirectMessageGroup}
                THEN (SELECT array_agg(s.user_profile_id ORDER BY s.user_profile_id) FROM ${subscriptionRelation('s')} WHERE s.recipient_id = r.id)
              END AS members
         FROM message m JOIN ${recipientRelation('r')} ON r.id = m.recipient_id
        WHERE m.id = $1`,
      [messageId],
    );
    if (!row) return null;
    if (row.type === RecipientType.Stream) return { streamId: row.type_id, topic: row.subject, participantIds: [] };
    const participants = row.type === RecipientType.DirectMessageGroup ? (row.members ?? []) : [row.sender_id, row.type_id];
    return { streamId: null, topic: '', participantIds: [...new Set(participants.map(Number))] };
  }

  /**
   * `match_content` and `match_subject` of messages found by a narrow without a search
   * (Zulip's `get_search_fields` with no matches): the rendered content and the HTML-escaped topic.
   */
  async plainMatchFields(ids: readonly number[]): Promise<Map<number, SearchHighlight>> {
    const result = new Map<number, SearchHighlight>();
    if (ids.length === 0) return result;
    const rows = await this.database.query<{ id: number; content: string | null; topic: string }>(
      `SELECT m.id, m.rendered_content AS content, ${ESCAPED_TOPIC} AS topic FROM message m WHERE m.id = ANY($1::int[])`,
      [ids],
    );
    for (const row of rows) result.set(Number(row.id), { matchContent: row.content ?? '', matchSubject: row.topic });
    return result;
  }

  /**
   * `match_content` and `match_subject` of found messages (Zulip's `get_search_fields`):
   * the rendered content and the HTML-escaped topic with every match of the search
   * highlighted, as PostgreSQL's `ts_headline` finds them with the search's own query.
   */
  async highlights(ids: readonly number[], search: SearchText): Promise<Map<number, SearchHighlight>> {
    const result = new Map<number, SearchHighlight>();
    if (ids.length === 0) return result;
    const sql = new SqlParams();
    const query = tsQuery(sql, search.words, search.prefix);
    const options = sql.add(`HighlightAll=TRUE, StartSel=${MATCH_START}, StopSel=${MATCH_STOP}`);
    const topic = ESCAPED_TOPIC;
    const rows = await this.database.query<{ id: number; content: string | null; topic: string | null }>(
      `SELECT m.id,
              ts_headline('english'::regconfig, coalesce(m.rendered_content, ''), ${query}, ${options}) AS content,
              ts_headline('english'::regconfig, ${topic}, ${query}, ${options}) AS topic
         FROM message m WHERE m.id = ANY(${sql.add(ids)}::int[])`,
      sql.values,
    );
    for (const row of rows) {
      result.set(row.id, { matchContent: highlightMarked(row.content ?? ''), matchSubject: highlightMarked(row.topic ?? '') });
    }
    return result;
  }

  /** Recipients of the group DMs both users belong to. */
  async sharedGroupRecipients(userId: number, otherId: number): Promise<number[]> {
    const rows = await this.database.query<{ recipient_id: number }>(
      `SELECT mine.recipient_id FROM ${subscriptionRelation('mine')}
         JOIN ${subscriptionRelation('theirs')} ON theirs.recipient_id = mine.recipient_id AND theirs.user_profile_id = $2
         JOIN ${recipientRelation('r')} ON r.id = mine.recipient_id AND r.type = ${RecipientType.DirectMessageGroup}
        WHERE mine.user_profile_id = $1
        ORDER BY mine.recipient_id`,
      [userId, otherId],
    );
    return rows.map((row) => row.recipient_id);
  }

  /** The message's realm and recipient, and the user's flags on it; null if it does not exist. */
  async accessRow(messageId: number, userId: number): Promise<MessageAccessRow | null> {
    const [row] = await this.database.query<{ realm_id: number; type: number; type_id: number; flags: number | null }>(
      `SELECT m.realm_id, r.type, r.type_id, um.flags
         FROM message m
         JOIN ${recipientRelation('r')} ON r.id = m.recipient_id
         LEFT JOIN user_message um ON um.message_id = m.id AND um.user_profile_id = $2
        WHERE m.id = $1`,
      [messageId, userId],
    );
    if (!row) return null;
    return { realmId: row.realm_id, recipientType: row.type, recipientTypeId: row.type_id, flags: row.flags };
  }

  /**
   * The topic's oldest message: any when `readsHistory`, else the oldest of the viewer's
   * own copies (none without a viewer). Topics match case-insensitively.
   */
  async oldestInTopic(recipientId: number, topic: string, viewerId: number | null, readsHistory: boolean): Promise<number | null> {
    if (!readsHistory && viewerId === null) return null;
    const [row] = readsHistory
      ? await this.database.query<{ id: number | null }>(
          `SELECT min(id) AS id FROM message WHERE recipient_id = $1 AND lower(subject) = lower($2)`,
          [recipientId, topic],
        )
      : await this.database.query<{ id: number | null }>(
          `SELECT min(m.id) AS id FROM user_message um JOIN message m ON m.id = um.message_id
            WHERE um.user_profile_id = $3 AND m.recipient_id = $1 AND lower(m.subject) = lower($2)`,
          [recipientId, topic, viewerId],
        );
    return row?.id ?? null;
  }

  /** Who sent a message to the channel's topic or reacted to one there, in one query. */
  async topicParticipantIds(recipientId: number, topic: string): Promise<number[]> {
    const rows = await this.database.query<{ id: number }>(
      `SELECT m.sender_id AS id FROM message m WHERE m.recipient_id = $1 AND lower(m.subject) = lower($2)
       UNION
       SELECT r.user_profile_id FROM ${this.reactions.reaction('r')} JOIN message m ON m.id = r.message_id
        WHERE m.recipient_id = $1 AND lower(m.subject) = lower($2)`,
      [recipientId, topic],
    );
    return rows.map((row) => row.id);
  }
}

/**
 * The user's own rows (joined to `message` only when a condition reads it), or every
 * message of the realm with the user's row where there is one.
 */
function baseQuery(
  sql: SqlParams,
  scope: SearchScope,
  conditions: readonly MessageCondition[],
): { from: { tables: string; where: string }; columns: Columns } {
  if (scope.includeHistory) {
    const user = sql.add(scope.userId);
    return {
      from: {
        tables: `message m LEFT JOIN user_message um ON um.message_id = m.id AND um.user_profile_id = ${user}`,
        where: `m.realm_id = ${sql.add(scope.realmId)}`,
      },
      columns: { id: 'm.id', flags: 'um.flags', flagValue: `COALESCE(um.flags, ${HISTORICAL_FLAGS})` },
    };
  }
  const joinMessage = conditions.some(readsMessage);
  return {
    from: {
      tables: joinMessage ? 'user_message um JOIN message m ON m.id = um.message_id' : 'user_message um',
      where: `um.user_profile_id = ${sql.add(scope.userId)}`,
    },
    columns: { id: 'um.message_id', flags: 'um.flags', flagValue: 'um.flags' },
  };
}

/**
 * SQL for one condition; flag masks are our own constants, everything else a parameter.
 * `reactions` gives the reactions' table (`has:reaction`).
 */
function render(condition: MessageCondition, sql: SqlParams, columns: Columns, reactions: MessageReactionRelation): string {
  switch (condition.kind) {
    case 'has-column':
      return `m.${condition.column}`;
    case 'followed':
      return `(m.is_channel_message AND EXISTS (SELECT 1 FROM ${userTopicRelation('ut')}
        WHERE ut.user_profile_id = ${sql.add(condition.userId)} AND ut.recipient_id = m.recipient_id
          AND lower(ut.topic_name) = lower(m.subject) AND ut.visibility_policy = ${VisibilityPolicy.Followed}))`;
    case 'muted':
      return renderMuted(condition.userId, condition.channelMutes, sql);
    case 'text-search':
      return `m.search_tsvector @@ ${tsQuery(sql, condition.words, condition.prefix)}`;
    case 'phrase': {
      const pattern = sql.add(condition.pattern);
      return `(m.content ILIKE ${pattern} OR m.subject ILIKE ${pattern})`;
    }
    case 'recipient-in':
      if (condition.recipientIds.length === 0) return 'false';
      if (condition.recipientIds.length === 1) return `m.recipient_id = ${sql.add(condition.recipientIds[0])}`;
      return `m.recipient_id = ANY(${sql.add(condition.recipientIds)}::int[])`;
    case 'topic':
      return `(m.is_channel_message AND lower(m.subject) = lower(${sql.add(condition.topic)}))`;
    case 'sender':
      return `m.sender_id = ${sql.add(condition.userId)}`;
    case 'direct':
      return `(NOT m.is_channel_message AND m.sender_id = ${sql.add(condition.senderId)} AND m.recipient_id = ${sql.add(condition.recipientId)})`;
    case 'flags': {
      const mask = Math.trunc(condition.mask);
      return condition.set ? `(${columns.flagValue} & ${mask}) <> 0` : `(${columns.flagValue} & ${mask}) = 0`;
    }
    case 'resolved':
      return `(m.is_channel_message AND m.subject LIKE ${sql.add(`${RESOLVED_TOPIC_PREFIX}%`)})`;
    case 'id':
      return `${columns.id} = ${sql.add(condition.id)}`;
    case 'has-reaction':
      return `EXISTS (SELECT 1 FROM ${reactions.reaction('rx')} WHERE rx.message_id = ${columns.id})`;
    case 'none':
      return 'false';
    case 'any-of':
      return condition.conditions.length === 0
        ? 'false'
        : `(${condition.conditions.map((part) => render(part, sql, columns, reactions)).join(' OR ')})`;
    case 'not':
      return `NOT (${render(condition.condition, sql, columns, reactions)})`;
  }
}

/**
 * Zulip's `exclude_muting_conditions`, inverted: a channel message in a topic the user
 * muted, or in a channel the user muted whose topic they did not unmute or follow.
 */
function renderMuted(userId: number, channelMutes: boolean, sql: SqlParams): string {
  const user = sql.add(userId);
  const topicWith = (policies: string) => `EXISTS (SELECT 1 FROM ${userTopicRelation('ut')}
      WHERE ut.user_profile_id = ${user} AND ut.recipient_id = m.recipient_id
        AND lower(ut.topic_name) = lower(m.subject) AND ut.visibility_policy IN (${policies}))`;
  const mutedTopic = topicWith(String(VisibilityPolicy.Muted));
  if (!channelMutes) return `(m.is_channel_message AND ${mutedTopic})`;
  const mutedChannel = `EXISTS (SELECT 1 FROM ${subscriptionRelation('s')}
      WHERE s.user_profile_id = ${user} AND s.recipient_id = m.recipient_id AND s.active AND s.is_muted)`;
  const unmutedTopic = topicWith(`${VisibilityPolicy.Unmuted}, ${VisibilityPolicy.Followed}`);
  return `(m.is_channel_message AND (${mutedTopic} OR (${mutedChannel} AND NOT ${unmutedTopic})))`;
}

/** The search's tsquery: the words stemmed and all required, the last one also as a prefix. */
function tsQuery(sql: SqlParams, words: string, prefix: string | null): string {
  const plain = () => `plainto_tsquery('english'::regconfig, ${sql.add(words)})`;
  if (prefix === null) return `(${plain()})`;
  const prefixQuery = `to_tsquery('english'::regconfig, ${sql.add(`${prefix}:*`)})`;
  // A single word searches by prefix alone (no empty-query notice from PostgreSQL).
  return words.trim() === '' ? `(${prefixQuery})` : `(${plain()} && ${prefixQuery})`;
}
