import { Client } from 'pg';

/**
 * Users written straight into a bench server's database as copies of a template user the
 * API created: creating each through the API hashes a password with argon2 (slow on
 * purpose), which made a 1,000-user set-up take minutes. A copy has what the server gives
 * a new user: its row (the template's settings), its personal recipient and inbox
 * subscription, the template's group memberships and default-channel subscriptions. It
 * has no password (nobody signs in as it) and an API key nobody is told.
 */
export async function cloneUsers(db: Client, templateUserId: number, count: number, emailDomain: string, namePrefix: string): Promise<number[]> {
  if (count <= 0) return [];
  // Every column but the ones a copy must not share, read from the schema so a later
  // migration's column is copied too. Left out, `uuid` takes its column default: a new one.
  const own = ['id', 'delivery_email', 'full_name', 'api_key', 'password_hash', 'recipient_id', 'date_joined', 'uuid'];
  const columns = await db.query<{ column_name: string }>(
    `SELECT column_name FROM information_schema.columns
      WHERE table_schema = current_schema() AND table_name = 'user_profile' AND NOT (column_name = ANY($1::text[]))
      ORDER BY ordinal_position`,
    [own],
  );
  const copied = columns.rows.map((row) => `"${row.column_name}"`).join(', ');
  await db.query('BEGIN');
  try {
    const inserted = await db.query<{ id: number }>(
      `INSERT INTO user_profile (delivery_email, full_name, api_key, password_hash, date_joined, ${copied})
       SELECT 'bench-user-' || g || '@' || $3, $4 || ' ' || g, substr(md5(random()::text || clock_timestamp()::text || g), 1, 32),
              NULL, now(), ${columns.rows.map((row) => `t."${row.column_name}"`).join(', ')}
         FROM user_profile t, generate_series(1, $2::int) AS g
        WHERE t.id = $1
        ORDER BY g
       RETURNING id`,
      [templateUserId, count, emailDomain, namePrefix],
    );
    const ids = inserted.rows.map((row) => row.id).sort((a, b) => a - b);
    await db.query(
      `WITH inbox AS (INSERT INTO recipient (type, type_id) SELECT 1, unnest($1::int[]) RETURNING id, type_id)
       UPDATE user_profile u SET recipient_id = inbox.id FROM inbox WHERE u.id = inbox.type_id`,
      [ids],
    );
    await db.query(
      `INSERT INTO subscription (user_profile_id, recipient_id, active)
       SELECT id, recipient_id, true FROM user_profile WHERE id = ANY($1::int[])`,
      [ids],
    );
    const subscriptionColumns = await db.query<{ column_name: string }>(
      `SELECT column_name FROM information_schema.columns
        WHERE table_schema = current_schema() AND table_name = 'subscription' AND column_name NOT IN ('id', 'user_profile_id')
        ORDER BY ordinal_position`,
    );
    const subscriptionCopied = subscriptionColumns.rows.map((row) => `"${row.column_name}"`).join(', ');
    await db.query(
      `INSERT INTO subscription (user_profile_id, ${subscriptionCopied})
       SELECT u.id, ${subscriptionColumns.rows.map((row) => `s."${row.column_name}"`).join(', ')}
         FROM subscription s CROSS JOIN unnest($2::int[]) AS u(id)
        WHERE s.user_profile_id = $1 AND s.recipient_id <> (SELECT recipient_id FROM user_profile WHERE id = $1)`,
      [templateUserId, ids],
    );
    await db.query(
      `INSERT INTO user_group_membership (user_group_id, user_profile_id)
       SELECT m.user_group_id, u.id FROM user_group_membership m CROSS JOIN unnest($2::int[]) AS u(id)
        WHERE m.user_profile_id = $1`,
      [templateUserId, ids],
    );
    await db.query('COMMIT');
    return ids;
  } catch (error) {
    await db.query('ROLLBACK');
    throw error;
  }
}

/** Subscribes `members[i]` to the realm's channel `channelNames[i]` (existing subscriptions stay). */
export async function subscribeUsers(db: Client, subdomain: string, channelNames: readonly string[], members: readonly number[][]): Promise<void> {
  // A few of the colors the server picks from, in turn: every subscription has one.
  const colors = ['#76ce90', '#fae589', '#a6c7e5', '#e79ab5', '#bfd56f', '#f4ae55', '#b0a5fd', '#addfe5'];
  const pairs = channelNames.flatMap((name, c) => members[c].map((userId) => [name, userId] as const));
  await db.query(
    `INSERT INTO subscription (user_profile_id, recipient_id, active, color)
     SELECT p.user_id, s.recipient_id, true, ($4::text[])[1 + (p.user_id + s.id) % cardinality($4::text[])]
       FROM unnest($2::text[], $3::int[]) AS p(name, user_id)
       JOIN stream s ON s.name = p.name AND s.realm_id = (SELECT id FROM realm WHERE string_id = $1)
     ON CONFLICT (user_profile_id, recipient_id) DO NOTHING`,
    [subdomain, pairs.map(([name]) => name), pairs.map(([, userId]) => userId), colors],
  );
}
