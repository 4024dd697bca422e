import * as path from 'node:path';
import { Client } from 'pg';
import { ServerProcess } from '../test/support/server-process';

/**
 * A large message history written straight into a bench server's database (the API is
 * far too slow for millions of rows), shaped the way sends shape it: one `message` row,
 * and one `user_message` row per recipient: the channel's subscribers, or the pair of a
 * direct conversation.
 */

/** Words the generated messages are made of; `zephyr` is rare (about 1 message in 1,000). */
export const WORDS = [
  'meeting', 'deploy', 'review', 'release', 'customer', 'ticket', 'design', 'budget', 'database', 'server',
  'client', 'roadmap', 'lunch', 'holiday', 'incident', 'metrics', 'latency', 'backup', 'migration', 'schema',
  'frontend', 'backend', 'sprint', 'retro', 'planning', 'invoice', 'contract', 'hiring', 'interview', 'onboarding',
  'feedback', 'prototype', 'benchmark', 'cluster', 'network', 'storage', 'security', 'audit', 'compliance', 'report',
];
export const RARE_WORD = 'zephyr';

export interface HistoryLayout {
  realmId: number;
  /** Who sends the channel messages, in turn. */
  senderIds: number[];
  channelRecipients: number[];
  channelNames: string[];
  /** The direct conversation: its two users and their personal recipients. */
  dm: { userIds: [number, number]; recipients: [number, number] };
}

export interface HistoryShape {
  messages: number;
  topicsPerChannel: number;
  /** One message in this many is unread for everyone who has it. */
  unreadEvery: number;
  /** This user has about 1% of their messages starred. */
  starUserId: number;
}

/** The bench server's database: DATABASE_URL, or the embedded one on its socket. */
export function databaseClient(server: ServerProcess): Client {
  const url = process.env.DATABASE_URL;
  return url
    ? new Client({ connectionString: url })
    : new Client({ host: path.join(server.dataDir, 'run'), port: 5432, user: 'postgres', database: 'postgres' });
}

/** Reads the ids a load needs; `dmPair` are the ids of the direct conversation's two users. */
export async function readLayout(
  db: Client,
  subdomain: string,
  senderIds: readonly number[],
  channelNames: string[],
  dmPair: [number, number],
): Promise<HistoryLayout> {
  const realm = await db.query<{ id: number }>('SELECT id FROM realm WHERE string_id = $1', [subdomain]);
  const realmId = realm.rows[0].id;
  const channels = await db.query<{ name: string; recipient_id: number }>(
    'SELECT name, recipient_id FROM stream WHERE realm_id = $1 AND name = ANY($2::text[])',
    [realmId, channelNames],
  );
  const byName = new Map(channels.rows.map((row) => [row.name, row.recipient_id]));
  const personal = await db.query<{ id: number; recipient_id: number }>(
    'SELECT id, recipient_id FROM user_profile WHERE id = ANY($1::int[])',
    [dmPair],
  );
  const recipientOf = new Map(personal.rows.map((row) => [row.id, row.recipient_id]));
  return {
    realmId,
    senderIds: [...senderIds],
    channelRecipients: channelNames.map((name) => byName.get(name) as number),
    channelNames,
    dm: {
      userIds: [dmPair[0], dmPair[1]],
      recipients: [recipientOf.get(dmPair[0]) as number, recipientOf.get(dmPair[1]) as number],
    },
  };
}

/**
 * One message in 20 belongs to the direct conversation, the rest cycle through the
 * channels and their topics; bodies are a dozen words of `WORDS`. Channel messages reach
 * the channel's subscribers as they are when loading.
 */
export async function loadHistory(db: Client, layout: HistoryLayout, shape: HistoryShape, log: (line: string) => void): Promise<void> {
  const batch = 100_000;
  for (let from = 1; from <= shape.messages; from += batch) {
    const to = Math.min(shape.messages, from + batch - 1);
    await db.query('BEGIN');
    const inserted = await db.query<{ first: number; last: number }>(
      `WITH rows AS (
         INSERT INTO message (realm_id, sender_id, recipient_id, subject, content, rendered_content,
           rendered_content_version, date_sent, sending_client, is_channel_message)
         SELECT $1,
                CASE WHEN g % 20 = 0 THEN ($5::int[])[1 + (g / 20) % 2] ELSE ($2::int[])[1 + (g / 20) % cardinality($2::int[])] END,
                CASE WHEN g % 20 = 0 THEN ($4::int[])[2 - ((g / 20) % 2)] ELSE ($3::int[])[1 + g % cardinality($3::int[])] END,
                CASE WHEN g % 20 = 0 THEN '' ELSE 'topic ' || ((g / cardinality($3::int[])) % $6) END,
                body.text, '<p>' || body.text || '</p>', 1,
                now() - make_interval(secs => $8 - g), 'bench', g % 20 <> 0
           FROM generate_series($9::int, $10::int) AS g,
                LATERAL (SELECT string_agg(CASE WHEN (g * 31 + i) % 997 = 0 AND i = 1 THEN $11
                                                ELSE ($7::text[])[1 + ((g::bigint * 7919 + i * 104729) % cardinality($7::text[]))::int] END, ' ') AS text
                           FROM generate_series(1, 12) AS i) AS body
         RETURNING id)
       SELECT min(id) AS first, max(id) AS last FROM rows`,
      [
        layout.realmId, layout.senderIds, layout.channelRecipients, layout.dm.recipients, layout.dm.userIds,
        shape.topicsPerChannel, WORDS, shape.messages, from, to, RARE_WORD,
      ],
    );
    const { first, last } = inserted.rows[0];
    const flags = `(CASE WHEN m.id % $3 = 0 THEN 0 ELSE 1 END) | (CASE WHEN u.id = $4 AND m.id % 97 = 0 THEN 2 ELSE 0 END)`;
    await db.query(
      `INSERT INTO user_message (user_profile_id, message_id, flags)
       SELECT u.user_profile_id, m.id, ${flags.replace(/u\.id/g, 'u.user_profile_id')}
         FROM message m JOIN subscription u ON u.recipient_id = m.recipient_id AND u.active
        WHERE m.id BETWEEN $1 AND $2 AND m.is_channel_message`,
      [first, last, shape.unreadEvery, shape.starUserId],
    );
    await db.query(
      `INSERT INTO user_message (user_profile_id, message_id, flags)
       SELECT u.id, m.id, 2048 | ${flags}
         FROM message m CROSS JOIN unnest($5::int[]) AS u(id)
        WHERE m.id BETWEEN $1 AND $2 AND NOT m.is_channel_message`,
      [first, last, shape.unreadEvery, shape.starUserId, layout.dm.userIds],
    );
    await db.query('COMMIT');
    log(`  ${to.toLocaleString('en-US')} messages`);
  }
  await db.query(
    `UPDATE stream s SET first_message_id = (SELECT min(m.id) FROM message m WHERE m.recipient_id = s.recipient_id)
      WHERE s.realm_id = $1`,
    [layout.realmId],
  );
  await db.query('ANALYZE message');
  await db.query('ANALYZE user_message');
}
