import { createTestRealm } from './support/api';
import { fixtureSql } from './support/fixture-sql';
import { ownDatabase, OwnDatabase, ServerProcess, startServer } from './support/server-process';
import { SmtpSink } from './support/smtp-sink';
import { until } from './support/until';

/**
 * What `mail_outbox` keeps: a delivered or given-up mail's row without its body (one-time
 * links, message text) or headers (the unsubscribe link), and no such row past
 * MAIL_OUTBOX_RETENTION_DAYS; a pending row stays, whatever its age.
 */

interface OutboxRow {
  id: string;
  status: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string>;
}

describe('mail outbox retention', () => {
  const servers: ServerProcess[] = [];
  let smtp: SmtpSink;
  let database: OwnDatabase | undefined;

  beforeAll(async () => {
    smtp = await SmtpSink.create();
    database = await ownDatabase('chat_mail_retention');
  });

  afterAll(async () => {
    for (const started of servers) await started.stop();
    await smtp.stop();
    await database?.drop();
  });

  async function server(env: NodeJS.ProcessEnv): Promise<ServerProcess> {
    const started = await startServer({
      SMTP_URL: smtp.url,
      MAIL_OUTBOX_RETENTION_DAYS: '2',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    });
    servers.push(started);
    return started;
  }

  it('issue 33 item 7: a delivered mail keeps no body, and finished rows past MAIL_OUTBOX_RETENTION_DAYS are dropped', async () => {
    const first = await server({});
    const realm = await createTestRealm('mailkeep', first);
    const user = await realm.createUser('Kim Keep');
    const newEmail = `kim-new@${realm.subdomain}.test`;
    expect((await user.api.patch('settings', { email: newEmail })).body).toEqual({ result: 'success', msg: '' });
    const mail = await smtp.waitFor(newEmail);
    expect(mail.text).toContain('/accounts/confirm_new_email/');

    const select = `SELECT id::text, status, text_body, html_body, headers FROM mail_outbox WHERE to_address = $1`;
    const sent = await until(async () => {
      const [row] = await fixtureSql<OutboxRow>(select, [newEmail], first);
      return row?.status === 'sent' ? row : undefined;
    }, 'the mail marked sent');
    expect({ text: sent.text_body, html: sent.html_body, headers: sent.headers }).toEqual({ text: '', html: null, headers: {} });

    // Rows as an earlier version left them (bodies kept), some past the 2 days kept.
    const insert = `INSERT INTO mail_outbox (to_address, subject, text_body, html_body, headers, status, created_at, next_attempt_at)
      VALUES ($1, 'Old', 'secret link', '<p>secret link</p>', '{"List-Unsubscribe": "<https://x/unsubscribe/k>"}', $2,
              clock_timestamp() - make_interval(days => $3), clock_timestamp() + interval '1 day') RETURNING id::text`;
    const ids: Record<string, string> = {};
    for (const [name, status, days] of [
      ['oldSent', 'sent', 3],
      ['oldFailed', 'failed', 3],
      ['oldPending', 'pending', 3],
      ['recentFailed', 'failed', 1],
    ] as const) {
      const [row] = await fixtureSql<{ id: string }>(insert, [`${name}@${realm.subdomain}.test`, status, days], first);
      ids[name] = row.id;
    }
    await first.stop();

    // A new process purges at its first sweep.
    const second = await server({ DATA_DIR: first.dataDir });
    const byId = `SELECT id::text, status, text_body, html_body, headers FROM mail_outbox WHERE id = ANY($1::bigint[]) ORDER BY id`;
    const left = await until(async () => {
      const rows = await fixtureSql<OutboxRow>(byId, [Object.values(ids)], second);
      return rows.length === 2 && rows.every((row) => row.status === 'pending' || row.text_body === '') ? rows : undefined;
    }, 'the purge', 20_000);
    expect(left).toEqual([
      { id: ids.oldPending, status: 'pending', text_body: 'secret link', html_body: '<p>secret link</p>', headers: { 'List-Unsubscribe': '<https://x/unsubscribe/k>' } },
      { id: ids.recentFailed, status: 'failed', text_body: '', html_body: null, headers: {} },
    ]);
    const [kept] = await fixtureSql<{ count: number }>(`SELECT count(*)::int AS count FROM mail_outbox WHERE id = $1::bigint`, [sent.id], second);
    expect(kept.count).toBe(1);
  }, 120_000);
});
