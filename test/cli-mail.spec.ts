import { createTestRealm, manage, subscribeTo, TestRealm } from './support/api';
import { MailServer, startMailServer } from './support/mail-server';
import { logRecords, ServerProcess } from './support/server-process';
import { until } from './support/until';
import { rawRequest } from './support/raw-request';
import { linkIn, SmtpSink } from './support/smtp-sink';

/**
 * The CLI commands that mail people (issue 36 item 3): `manage invite` and
 * `manage send-password-reset` write the same mail as the API and the reset form, and the
 * server sends it.
 */
describe('manage invite and manage send-password-reset', () => {
  let mailServer: MailServer | undefined;
  let smtp: SmtpSink;
  let server: ServerProcess;
  let realm: TestRealm;

  beforeAll(async () => {
    // The run's Redis given explicitly: a server on it would otherwise leave jobs to the run's server.
    mailServer = await startMailServer('chat_cli_mail', { LOG_LEVEL: 'info', ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}) });
    ({ smtp, server } = mailServer);
    realm = await createTestRealm('climail', server);
    await subscribeTo(realm.ownerApi, 'design');
  }, 180_000);

  afterAll(async () => {
    await mailServer?.stop();
  });

  const run = (args: string[]) => manage(args, {}, server);

  it('invites by email with a role and channels, as the first owner; the link opens the join page', async () => {
    const answer = await run(['invite', '--realm', realm.subdomain, '--email', 'newcomer@example.org', '--role', 'moderator', '--channels', 'design']);
    expect(answer).toEqual({ invited: ['newcomer@example.org'], invited_by: realm.owner.email, invite_as: 'moderator', channels: ['design'] });
    const mail = await smtp.waitFor('newcomer@example.org');
    const link = new RegExp(`<http://${realm.subdomain}\\.localhost:${server.port}(/join/[0-9a-z]+/)>`).exec(mail.text);
    expect(link).not.toBeNull();
    const page = await rawRequest(server.port, `${realm.subdomain}.localhost:${server.port}`, 'GET', link?.[1] ?? '');
    expect(page.status).toBe(200);
    expect(page.body).toContain('newcomer@example.org');
    const invites = await realm.ownerApi.get('invites');
    const invite = (invites.body.invites as Record<string, unknown>[]).find((entry) => entry.email === 'newcomer@example.org');
    expect(invite).toMatchObject({ invited_as: 300, invited_by_user_id: realm.owner.userId });
  });

  it("refuses what the API refuses, in the API's words, and unknown channels and roles", async () => {
    await expect(run(['invite', '--realm', realm.subdomain, '--email', 'not-an-address'])).rejects.toThrow("Some emails did not validate, so we didn't send any invitations.\n  not-an-address: Invalid address.");
    await expect(run(['invite', '--realm', realm.subdomain, '--email', 'x@example.org', '--channels', 'nowhere'])).rejects.toThrow("no channel named 'nowhere' in this realm");
    await expect(run(['invite', '--realm', realm.subdomain, '--email', 'x@example.org', '--role', 'emperor'])).rejects.toThrow('--role must be one of');
    await expect(run(['invite', '--realm', realm.subdomain, '--email', 'x@example.org', '--from', 'nobody@example.org'])).rejects.toThrow("no active user 'nobody@example.org' in this realm to invite as");
  });

  it('acts with the inviting member\'s permissions: a member cannot invite an administrator', async () => {
    const member = await realm.createUser('Mia Member');
    await expect(run(['invite', '--realm', realm.subdomain, '--email', 'boss@example.org', '--role', 'administrator', '--from', member.email])).rejects.toThrow(/Insufficient permission|Must be an organization/);
  });

  it('mails a password reset link to an active user, and refuses unknown ones', async () => {
    const ann = await realm.createUser('Ann Reset');
    const answer = await run(['send-password-reset', '--realm', realm.subdomain, '--email', ann.email]);
    expect(answer).toEqual({ user_id: ann.userId, email: ann.email });
    const mail = await smtp.waitFor(ann.email);
    expect(linkIn(mail, '/accounts/password/reset/')).toMatch(new RegExp(`^http://${realm.subdomain}\\.localhost:${server.port}/accounts/password/reset/`));
    await expect(run(['send-password-reset', '--realm', realm.subdomain, '--email', 'ghost@example.org'])).rejects.toThrow("no user 'ghost@example.org' in this realm");
  });

  it('logs one line per mail sent and per mail failed for good: its kind and the recipient domain, never the address or a link', async () => {
    smtp.refused.add('nobody@refusing.example.net');
    await run(['invite', '--realm', realm.subdomain, '--email', 'logged@example.org']);
    await smtp.waitFor('logged@example.org');
    await run(['invite', '--realm', realm.subdomain, '--email', 'nobody@refusing.example.net']);
    const failed = await until(
      () => logRecords(server).find((record) => record.level === 'error' && record.recipient_domain === 'refusing.example.net'),
      'the failure line',
    );
    expect(failed).toMatchObject({ context: 'Mail', kind: 'invitation', attempts: 1, mail_id: expect.any(Number) });
    expect(failed.msg).toMatch(/^mail \d+ failed for good after 1 attempts: .*550/);
    const sent = logRecords(server).filter((record) => typeof record.msg === 'string' && /^mail \d+ sent$/.test(record.msg));
    expect(sent).toContainEqual(expect.objectContaining({ level: 'info', context: 'Mail', kind: 'invitation', recipient_domain: 'example.org', message_id: expect.stringMatching(/^<.+@.+>$/) }));
    expect(sent).toContainEqual(expect.objectContaining({ kind: 'password-reset', recipient_domain: expect.any(String) }));
    const text = server.stderr();
    // (The join page's own request line names its path: the first test opened it.)
    for (const secret of ['logged@example.org', 'newcomer@example.org', 'nobody@refusing', '/accounts/password/reset/']) expect(text).not.toContain(secret);
    expect(failed.msg).toContain('<…@refusing.example.net>');
  });

  it('logs one line when it stops: the signal, the long-polls answered and the time taken', async () => {
    const queue = await realm.ownerApi.post('register', { event_types: JSON.stringify(['message']) });
    const poll = realm.ownerApi.get('events', { queue_id: queue.body.queue_id, last_event_id: -1 }).catch(() => null);
    await until(async () => (await manage(['status'], {}, server)).parked_polls >= 1 || undefined, 'a parked poll');
    await server.stop();
    await poll;
    const stopped = logRecords(server).filter((record) => typeof record.msg === 'string' && record.msg.startsWith('stopped on'));
    expect(stopped).toEqual([expect.objectContaining({ level: 'info', context: 'main', signal: 'SIGTERM', drained_polls: 1, shutdown_seconds: expect.any(Number) })]);
    expect(stopped[0].msg).toMatch(/^stopped on SIGTERM in [\d.]+ s, 1 long-polls answered$/);
  });
});
