import * as path from 'node:path';
import { Client } from 'pg';
import { TargetServer, testServer } from './api';

/**
 * Runs SQL against the test server's database, for fixtures no endpoint can build yet
 * (a channel's group settings, a user's email visibility). Embedded storage serves its wire
 * protocol on a socket in `<DATA_DIR>/run`; with DATABASE_URL set, that database is used.
 * `server` is the run's test server unless a spec file started its own.
 */
export async function fixtureSql<T = Record<string, unknown>>(
  sql: string,
  params: unknown[] = [],
  server: TargetServer = testServer(),
): Promise<T[]> {
  const client = await openFixtureClient(server);
  try {
    return (await client.query(sql, params)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * A connected client of the test server's database, for a spec that queries it often (one
 * connection instead of one per query); the caller ends it.
 */
export async function openFixtureClient(server: TargetServer = testServer()): Promise<Client> {
  // A server a test file started has its own environment: its database may be one of its own.
  const url = server.env ? server.env.DATABASE_URL : process.env.DATABASE_URL;
  const client = url
    ? new Client({ connectionString: url })
    : new Client({ host: path.join(server.dataDir, 'run'), port: 5432, user: 'postgres', database: 'postgres' });
  await client.connect();
  return client;
}

/**
 * Removes the notification bot's "channel events" notes (posted when a channel is created
 * or changed) from a realm, for tests that count a conversation's messages exactly. Each
 * channel's first_message_id follows what is left.
 */
export async function dropChannelNotices(subdomain: string, server: TargetServer = testServer()): Promise<void> {
  await fixtureSql(
    `DELETE FROM message m USING stream s, realm r
      WHERE r.string_id = $1 AND s.realm_id = r.id AND m.recipient_id = s.recipient_id AND m.subject = 'channel events'`,
    [subdomain],
    server,
  );
  await fixtureSql(
    `UPDATE stream s SET first_message_id = (SELECT min(m.id) FROM message m WHERE m.recipient_id = s.recipient_id)
      FROM realm r WHERE r.string_id = $1 AND s.realm_id = r.id`,
    [subdomain],
    server,
  );
}
